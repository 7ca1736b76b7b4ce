/**
 * The API document is the manual for other teams: it explains sessions, the CSRF header, commandId and
 * read-your-writes, and every route lists each error it can answer. Generated over the route table, so a
 * new route is checked too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../test-support/platform/test-app';
import { contractRoutes } from '../../test-support/security/route-table';
import { allModules } from './modules';

const database = await preferredTestDatabase();

interface Operation {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description?: string }>;
}
interface Document {
  info: { description: string };
  components: { securitySchemes: Record<string, { in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
}

describe(`the OpenAPI document on ${database.label}`, () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), allModules);
    doc = (await t.agent().request({ method: 'GET', url: '/api/docs/json' })).json() as Document;
  }, 120_000);
  afterAll(async () => t?.close());

  it('explains sessions, the CSRF header, commandId, read-your-writes and the error format', () => {
    const guide = doc.info.description;
    for (const words of [
      'x-verba-csrf',
      'verba_csrf',
      'commandId',
      'minPosition',
      'position',
      'problem+json',
      'Retry-After',
      'x-request-id',
    ]) {
      expect(guide).toContain(words);
    }
    expect(doc.components.securitySchemes['csrf']).toMatchObject({ in: 'header', name: 'x-verba-csrf' });
  });

  it("links the integration events' AsyncAPI document, served beside it", async () => {
    expect(doc.info.description).toContain('[/api/docs/asyncapi.json](/api/docs/asyncapi.json)');
    const res = await t.agent().request({ method: 'GET', url: '/api/docs/asyncapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ asyncapi: '3.1.0', channels: { 'verba-vocabulary': { address: 'verba.vocabulary' } } });
  });

  it('lists on every route each error it can answer, with when', () => {
    const missing: string[] = [];
    for (const { key, route } of contractRoutes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      if (!op) {
        missing.push(`${key}: not in the document`);
        continue;
      }
      const expected = ['500'];
      if (route.params || route.query || route.body) expected.push('400');
      if (route.access !== 'public') expected.push('401');
      if (route.access === 'admin' || (route.access !== 'public' && route.method !== 'GET')) expected.push('403');
      if (route.query && 'shape' in route.query && 'minPosition' in route.query.shape) expected.push('503');
      for (const status of expected) {
        if (!op.responses[status]?.description) missing.push(`${key}: no ${status}`);
      }
      if (route.access !== 'public' && route.method !== 'GET' && !op.security?.some((s) => 'csrf' in s))
        missing.push(`${key}: CSRF not named`);
    }
    expect(missing).toEqual([]);
  });

  it('names every operation by the name its contract is exported under, once, and says which need no session', () => {
    const wrong: string[] = [];
    for (const { key, name, route } of contractRoutes) {
      const op = doc.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (op?.operationId !== name) wrong.push(`${key}: operationId ${op?.operationId} instead of ${name}`);
      if (route.access === 'public' && !(Array.isArray(op?.security) && op.security.length === 0)) wrong.push(`${key}: no security: []`);
    }
    expect(wrong).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says that spec §7's total-reads migration is an admin's rebuild from the event log, with its progress", () => {
    const start = doc.paths['/api/migrations/addArticlesTotalRead']?.['patch'];
    const progress = doc.paths['/api/migrations/addArticlesTotalRead']?.['get'];
    for (const words of ['event sourced', 'rebuild', 'from the first event', 'blue/green', 'Poll GET'])
      expect(start?.description).toContain(words);
    expect(start?.responses['202']).toBeDefined();
    expect(start?.responses['403']?.description).toBeTruthy();
    expect(progress?.description).toContain('rebuild');
  });
});
