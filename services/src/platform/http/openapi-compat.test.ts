import { describe, expect, it } from 'vitest';
import { breakingChanges, type OpenApiDocument } from './openapi-compat';

/** A small API: a word's PATCH (a body) and the dictionary's GET (a query parameter and an answer). */
function api(): OpenApiDocument {
  return {
    info: { version: '1.4.0' },
    paths: {
      '/api/dictionary/word': {
        patch: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    value: { type: 'string', minLength: 1, maxLength: 100 },
                    status: { type: 'string', enum: ['known', 'uncertain', 'ignored'] },
                    note: { type: 'string', nullable: true },
                  },
                  required: ['value', 'status'],
                },
              },
            },
          },
          responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Written' } } } } },
        },
      },
      '/api/dictionary': {
        get: {
          parameters: [
            { name: 'languageCode', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          ],
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      words: {
                        type: 'array',
                        items: {
                          allOf: [
                            { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
                            { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
                          ],
                        },
                      },
                      total: { type: 'integer' },
                    },
                    required: ['words', 'total'],
                  },
                },
              },
            },
            '404': { content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
    },
    components: { schemas: { Written: { type: 'object', properties: { position: { type: 'string' } }, required: ['position'] } } },
  };
}

type Edit = (doc: OpenApiDocument & { paths: Record<string, Record<string, any>> }) => void; // eslint-disable-line @typescript-eslint/no-explicit-any
const after = (edit: Edit) => {
  const doc = structuredClone(api());
  edit(doc as Parameters<Edit>[0]);
  return breakingChanges(api(), doc);
};
const body = (d: Parameters<Edit>[0]) => d.paths['/api/dictionary/word']!.patch.requestBody.content['application/json'].schema;
const list = (d: Parameters<Edit>[0]) => d.paths['/api/dictionary']!.get.responses['200'].content['application/json'].schema;

describe('breaking changes between two OpenAPI documents of one major version', () => {
  it('finds none between a document and itself, or when only things are added', () => {
    expect(breakingChanges(api(), api())).toEqual([]);
    expect(
      after((d) => {
        body(d).properties.extra = { type: 'string' }; // a new optional request field
        body(d).properties.status.enum.push('new'); // a request accepting one value more
        body(d).properties.value.maxLength = 200; // and longer words
        list(d).properties.next = { type: 'string' }; // a new answer field
        d.paths['/api/dictionary']!.get.parameters.push({ name: 'sort', in: 'query', schema: { type: 'string' } });
        d.paths['/api/new'] = { get: { responses: {} } };
        d.paths['/api/dictionary']!.get.responses['404'] = undefined; // errors are not what clients read fields from
      }),
    ).toEqual([]);
  });

  it('reports a removed operation, and a removed successful answer', () => {
    expect(after((d) => delete d.paths['/api/dictionary/word']!.patch)).toEqual(['PATCH /api/dictionary/word: operation removed']);
    expect(after((d) => delete d.paths['/api/dictionary']!.get.responses['200'])).toEqual(['GET /api/dictionary 200: answer removed']);
  });

  it('reports a field removed from an answer or no longer always there, through references and allOf', () => {
    expect(after((d) => delete list(d).properties.total)).toEqual(['GET /api/dictionary 200.total: removed']);
    expect(after((d) => (list(d).required = ['words']))).toEqual(['GET /api/dictionary 200.total: no longer always present']);
    expect(after((d) => delete list(d).properties.words.items.allOf[1].properties.status)).toEqual([
      'GET /api/dictionary 200.words[].status: removed',
    ]);
    expect(after((d) => (d.components!.schemas!.Written!.properties = {}))).toEqual(['PATCH /api/dictionary/word 200.position: removed']);
  });

  it('reports a request field or parameter newly required', () => {
    expect(after((d) => body(d).required.push('note'))).toEqual(['PATCH /api/dictionary/word body.note: newly required']);
    expect(after((d) => (d.paths['/api/dictionary']!.get.parameters[1].required = true))).toEqual([
      'GET /api/dictionary query parameter page: newly required',
    ]);
  });

  it('reports a narrowed type: fewer types, values or lengths accepted, or an answer of another type', () => {
    expect(after((d) => (body(d).properties.status.enum = ['known', 'uncertain']))).toEqual([
      'PATCH /api/dictionary/word body.status: no longer accepts "ignored"',
    ]);
    expect(after((d) => (body(d).properties.note.nullable = false))).toEqual([
      'PATCH /api/dictionary/word body.note: no longer accepts null',
    ]);
    expect(after((d) => (body(d).properties.value.maxLength = 50))).toEqual([
      'PATCH /api/dictionary/word body.value: maxLength lowered to 50',
    ]);
    expect(after((d) => (d.paths['/api/dictionary']!.get.parameters[1].schema.minimum = 2))).toEqual([
      'GET /api/dictionary query parameter page: minimum raised to 2',
    ]);
    expect(after((d) => (list(d).properties.total = { type: 'string' }))).toEqual(['GET /api/dictionary 200.total: may now be string']);
  });

  it('lets a new major version break anything', () => {
    expect(
      after((d) => {
        d.info.version = '2.0.0';
        delete d.paths['/api/dictionary'];
      }),
    ).toEqual([]);
  });
});
