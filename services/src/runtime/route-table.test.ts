import { randomUUID } from 'node:crypto';
import { UNTRUSTED_WORKER } from './untrusted-worker-url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlatform, type Platform } from '../platform/app-platform';
import { loadConfig } from '../platform/config';
import { formatPosition } from '../platform/event-store/port';
import { acceptsMinPosition, NOT_IN_LOG, STILL_SAVING } from '../platform/http/read-your-writes';
import { EVERY_READ_MODEL } from '../platform/http/routes';
import { createHttpServer, type App } from '../platform/http/server';
import { createLogger } from '../platform/logger';
import { preferredTestDatabase, type TestDatabase } from '../../test-support/platform/databases';
import { contractRoutes } from '../../test-support/security/route-table';
import { allModules } from './modules';
import { mountRoutes } from './server';

/**
 * Every HTTP route goes through the contracts route table (method, path, request and response schemas),
 * so the browser client and the API document see it. The few routes that cannot be contract routes are
 * listed here with the reason; a new route outside the table fails this test.
 */
const OUTSIDE_THE_TABLE: readonly { method: string; url: string; why: string }[] = [
  { method: 'GET', url: '/api/health', why: 'liveness probe for the orchestrator, not part of the API' },
  { method: 'GET', url: '/api/ready', why: 'readiness probe for the orchestrator, not part of the API' },
  { method: 'GET', url: '/registry.json', why: 'the fragment registry the shell loads at start-up (static JSON file)' },
  { method: 'GET', url: '/api/auth/:provider/start', why: 'social sign-in: a browser navigation answered with a redirect to the provider' },
  { method: 'GET', url: '/api/auth/:provider/callback', why: 'social sign-in: the provider redirects the browser back here (OAuth query)' },
  { method: 'POST', url: '/api/auth/:provider/callback', why: "social sign-in: Apple's form POST callback (urlencoded form)" },
];
/** Served by plugins: the API document (generated from the contract routes) and the development OpenID provider. */
const OUTSIDE_THE_TABLE_PREFIXES: readonly { prefix: string; why: string }[] = [
  { prefix: '/api/docs', why: 'Swagger UI and the OpenAPI document generated from the contract routes' },
  { prefix: '/oidc-dev', why: 'the local OpenID provider that stands in for Google/Facebook/Apple in development' },
];
/** The contract table holds the API (`/api/...`); outside it, a GET is a static file of the built web app. */
const isStaticWebFile = (method: string, url: string) => method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/api?');

const table = contractRoutes.map((r) => r.route);
const key = (method: string, url: string) => `${method} ${url}`;

const database = await preferredTestDatabase();

describe(`the all-in-one app's routes on ${database.label}`, () => {
  const registered: string[] = [];
  /** The read models each route declared it reads (read-your-writes), by "METHOD /path". */
  const declared = new Map<string, readonly string[] | typeof EVERY_READ_MODEL | undefined>();
  let db: TestDatabase;
  let platform: Platform;
  let app: App;

  beforeAll(async () => {
    db = await database.create();
    const config = loadConfig({
      DATABASE_URL: db.connectionString,
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    });
    const log = createLogger('silent');
    platform = await openPlatform(config, log, allModules, { projectorsInProcess: true, untrustedWorker: UNTRUSTED_WORKER });
    app = await createHttpServer({
      log,
      ready: () => true,
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD' && method !== 'OPTIONS') registered.push(key(method, route.url));
          declared.set(key(method, route.url), route.config?.reads);
        }
      },
    });
    // The projectors are not started (until the last test): no read model applies what a test appends.
    await mountRoutes(app, platform.deps, allModules);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await platform?.close();
    await db?.drop();
  });

  it('are all in the contracts route table, but for the listed exceptions', () => {
    const inTable = new Set(table.map((r) => key(r.method, r.path)));
    const allowed = new Set(OUTSIDE_THE_TABLE.map((r) => key(r.method, r.url)));
    const outside = registered.filter((r) => {
      const [method, url] = r.split(' ') as [string, string];
      if (inTable.has(r) || allowed.has(r) || isStaticWebFile(method, url)) return false;
      return !OUTSIDE_THE_TABLE_PREFIXES.some((p) => url.startsWith(p.prefix));
    });
    expect(outside).toEqual([]);
    // The exceptions are real routes: a stale entry would silently allow a future one.
    for (const r of OUTSIDE_THE_TABLE) expect(registered, r.why).toContain(key(r.method, r.url));
  });

  it('serve every contract route (a table entry nothing serves is a broken client call)', () => {
    const served = new Set(registered);
    expect(table.map((r) => key(r.method, r.path)).filter((r) => !served.has(r))).toEqual([]);
  });

  it('document the profile image and audio routes: multipart uploads and media bytes', () => {
    type Operation = {
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    const doc = JSON.parse(JSON.stringify(app.swagger())) as { paths: Record<string, Record<string, Operation>> };
    const avatar = doc.paths['/api/user/avatar']!;
    expect(avatar['post']!.requestBody!.content['multipart/form-data']!.schema.properties!['file']!.format).toBe('binary');
    expect(Object.keys(avatar['get']!.responses['200']!.content!)).toEqual(['image/png', 'image/jpeg']);
    // The audio manager's upload: the file and the text it speaks; the player's bytes in three formats.
    const upload =
      doc.paths['/api/admin/audio/{targetKind}/{targetId}']!['post']!.requestBody!.content['multipart/form-data']!.schema.properties!;
    expect(upload['file']!.format).toBe('binary');
    expect(Object.keys(upload)).toEqual(['file', 'text']);
    expect(Object.keys(doc.paths['/api/audio-files/{file}']!['get']!.responses['200']!.content!)).toEqual([
      'audio/mpeg',
      'audio/wav',
      'audio/ogg',
    ]);
  });

  /**
   * Read-your-writes is declared, not coded: each query route names the read models it reads, and the
   * platform waits for the caller's minPosition on exactly those. Last: the final test starts the projectors.
   */
  describe('read-your-writes', () => {
    const withMinPosition = contractRoutes.filter(({ route }) => acceptsMinPosition(route));

    it('has every route whose query takes minPosition declare the read models it waits for, and no other route', () => {
      expect(withMinPosition.length).toBeGreaterThanOrEqual(60);
      const undeclared = withMinPosition.filter(({ key }) => !declared.get(key)?.length).map(({ key }) => key);
      expect(undeclared).toEqual([]);
      const needless = contractRoutes.filter(({ route, key }) => !acceptsMinPosition(route) && declared.get(key)).map(({ key }) => key);
      expect(needless).toEqual([]);
    });

    it('waits only on read models a module of the app projects', () => {
      const projected = new Set(allModules.flatMap((m) => m.projections ?? []).map((p) => p.name));
      const unknown = withMinPosition.flatMap(({ key }) => {
        const reads = declared.get(key);
        return reads === EVERY_READ_MODEL ? [] : (reads ?? []).filter((name) => !projected.has(name)).map((name) => `${key}: ${name}`);
      });
      expect(unknown).toEqual([]);
    });

    it('tells in the API document, on each such route, that minPosition waits and for which read models', async () => {
      type Operation = { description?: string; parameters?: { name: string; in: string }[] };
      const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, Operation>>;
      };
      const undocumented = withMinPosition.flatMap(({ key, route }) => {
        const op = doc.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
        const reads = declared.get(key);
        const named = reads === EVERY_READ_MODEL ? ['every read model'] : (reads ?? []);
        const documented =
          op?.parameters?.some((p) => p.in === 'query' && p.name === 'minPosition') &&
          named.every((name) => op.description?.includes(name)) &&
          op.description?.includes('With `minPosition`, waits until it is in');
        return documented ? [] : [key];
      });
      expect(undocumented).toEqual([]);
    });

    it('holds a read back until its read models have applied the given position, then answers', async () => {
      const appended = await platform.store.append(
        `read-your-writes-test-${randomUUID()}`,
        [{ id: randomUUID(), type: 'ReadYourWritesProbed', version: 1, data: {} }],
        'no_stream',
      );
      const minPosition = formatPosition(appended.position);
      // A public route (GET /api/courses/visibility reads the courses read model), so no session is needed.
      const answer = app.inject({ method: 'GET', url: `/api/courses/visibility?minPosition=${minPosition}` });
      const early = await Promise.race([answer.then(() => 'answered'), new Promise((r) => setTimeout(r, 300, 'waiting'))]);
      expect(early).toBe('waiting');
      await platform.runner.start();
      // Starting builds every read model of the product from scratch: on a loaded machine that can outlast
      // the wait's bound (READ_WAIT_MS), and then the held read is told to retry, never shown old data.
      const held = await answer;
      if (held.statusCode !== 200) {
        expect(held.statusCode).toBe(503);
        expect(held.json().detail).toBe(STILL_SAVING);
        expect(await platform.runner.waitFor(appended.position, { timeoutMs: 60_000 })).toBe(true);
        expect((await app.inject({ method: 'GET', url: `/api/courses/visibility?minPosition=${minPosition}` })).statusCode).toBe(200);
      }
    }, 90_000);

    it('refuses a position the log never had, on the same route', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/courses/visibility?minPosition=99999999999.1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(NOT_IN_LOG);
    });
  });
});
