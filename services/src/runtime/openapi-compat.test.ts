/**
 * No silent breaking change (issue 46, item 4): the document the server serves is compared with the one kept
 * for its major version (services/openapi/v<major>.json.gz); a removed operation, a removed or newly required
 * field, or a narrowed type fails this test unless `info.version`'s major changed.
 *
 * To keep the served document as the new reference (after a release, or with a new major), run
 *   OPENAPI_KEEP=1 npx vitest run --project node services/src/runtime/openapi-compat.test.ts
 * It refuses while the served document breaks the kept one of the same major.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakingChanges, majorOf, type OpenApiDocument } from '../platform/http/openapi-compat';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../test-support/platform/test-app';
import { allModules } from './modules';

const database = await preferredTestDatabase();
const KEPT_DIR = path.resolve(import.meta.dirname, '../../openapi');
const keptFile = (major: number) => path.join(KEPT_DIR, `v${major}.json.gz`);
/** Server-dependent parts (`servers` follows PUBLIC_URL) are not the API's shape. */
const shapeOf = (doc: OpenApiDocument & { servers?: unknown }) => ({ ...doc, servers: undefined });

type Doc = OpenApiDocument & { paths: Record<string, Record<string, any>> }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe(`the served OpenAPI document against the one kept for its major version, on ${database.label}`, () => {
  let t: TestApp;
  let served: Doc;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), allModules);
    served = shapeOf((await t.agent().request({ method: 'GET', url: '/api/docs/json' })).json()) as Doc;
  }, 120_000);
  afterAll(() => t?.close());

  it('breaks nothing a client of the kept document relies on', () => {
    const file = keptFile(majorOf(served.info.version));
    const kept = existsSync(file) ? (JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Doc) : undefined;
    const breaks = kept ? breakingChanges(kept, served) : [];
    if (process.env.OPENAPI_KEEP === '1') {
      expect(breaks, 'the served document breaks the kept one: raise the major version to keep it').toEqual([]);
      mkdirSync(KEPT_DIR, { recursive: true });
      writeFileSync(file, gzipSync(JSON.stringify(served), { level: 9 }));
      return;
    }
    expect(kept, `${path.relative(process.cwd(), file)} is missing: keep the served document (see this file's header)`).toBeDefined();
    expect(breaks).toEqual([]);
  });

  it('fails on a deliberately broken change, and lets a new major version make it', () => {
    const broken = structuredClone(served);
    const mark = broken.paths['/api/dictionary/word']!.patch;
    const markBody = mark.requestBody.content['application/json'].schema;
    // The word's status loses a value, and the mark's answer its position.
    const status = markBody.properties.word.properties.status;
    expect(status.enum).toContain('ignored');
    status.enum = status.enum.filter((s: string) => s !== 'ignored');
    delete mark.responses['200'].content['application/json'].schema.properties.position;
    // Signing up now requires a field it did not.
    const signUp = broken.paths['/api/sign-up']!.post.requestBody.content['application/json'].schema;
    signUp.properties.nickname = { type: 'string' };
    signUp.required.push('nickname');
    // And the dictionary's list is gone.
    delete broken.paths['/api/dictionary']!.get;

    expect(breakingChanges(served, broken).sort()).toEqual(
      [
        'PATCH /api/dictionary/word body.word.status: no longer accepts "ignored"',
        'PATCH /api/dictionary/word 200.position: removed',
        'POST /api/sign-up body.nickname: newly required',
        'GET /api/dictionary: operation removed',
      ].sort(),
    );
    broken.info.version = `${majorOf(served.info.version) + 1}.0.0`;
    expect(breakingChanges(served, broken)).toEqual([]);
  });
});
