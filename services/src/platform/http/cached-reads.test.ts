import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, PositionSchema } from '@verba/contracts/http';
import { createMemoryCache } from '../cache/index';
import { createLogger } from '../logger';
import { adminPagesCache } from '../projections/declared-caches';
import type { Projection } from '../projections/projection';
import { registerRoute, type RouteHost } from './routes';
import { createHttpServer, type App } from './server';

const things = defineRoute({
  method: 'GET',
  path: '/api/admin/things/:id',
  access: 'public',
  summary: 'A thing',
  params: z.object({ id: z.string() }),
  query: z.object({ minPosition: PositionSchema.optional(), page: z.coerce.number().default(1) }),
  response: z.object({ id: z.string(), page: z.number(), version: z.number() }),
});
const noMinPosition = defineRoute({ ...things, path: '/api/admin/other', params: undefined, query: z.object({}) });

/** A read model whose batches drop its admin reads, as a declared projection says with adminPagesCache(). */
const declared = (name: string) => {
  const cache = adminPagesCache();
  return {
    name,
    declaration: { caches: [cache] },
    /** Its projector committed a batch here (what the runner tells its declared caches). */
    commit: () => cache.changed(name, [], [{ type: 'test.ThingChanged', data: {} }]),
  };
};

/**
 * A host whose projections reach a position only when `onWait` says (the batch it runs is the one the
 * position is in), with the platform's memory cache, in a process that runs the projectors.
 */
function host(onWait: () => void = () => undefined): RouteHost {
  return {
    auth: { authenticate: async () => undefined, currentRole: async () => undefined, csrfToken: () => '' },
    projections: {
      async waitFor() {
        onWait();
        return true;
      },
      inLog: async () => true,
    },
    cache: createMemoryCache(),
    projectorsInProcess: true,
    log: createLogger('silent'),
  };
}

describe("a route's declared admin cache", () => {
  let app: App | undefined;
  afterEach(async () => app?.close());
  const server = async () => (app = await createHttpServer({ log: createLogger('silent'), ready: () => true }));
  const get = async (url: string) => {
    const res = await app!.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; page: number; version: number };
  };

  /** The read model's version (what a write changes) and how many times the handler read it. */
  const store = () => {
    const s = {
      version: 1,
      loads: 0,
      read: async () => {
        s.loads++;
        return { version: s.version };
      },
    };
    return s;
  };

  it('keeps the answer per route, params and query until the read model commits a batch', async () => {
    const a = await server();
    const model = declared('test-things-a');
    const s = store();
    registerRoute(
      a,
      host(),
      things,
      async ({ params, query, cached }) => ({
        id: params.id,
        page: query.page,
        ...(await cached(s.read)),
      }),
      { reads: [model], cached: 'admin' },
    );
    expect(await get('/api/admin/things/x')).toMatchObject({ id: 'x', version: 1 });
    s.version = 2; // written, but not projected yet: the cache still has version 1
    expect(await get('/api/admin/things/x')).toMatchObject({ version: 1 });
    expect(s.loads).toBe(1);
    // Another params or query is another read.
    expect(await get('/api/admin/things/y')).toMatchObject({ id: 'y', version: 2 });
    expect(await get('/api/admin/things/x?page=2')).toMatchObject({ page: 2, version: 2 });
    expect(s.loads).toBe(3);
    model.commit();
    expect(await get('/api/admin/things/x')).toMatchObject({ version: 2 });
    expect(s.loads).toBe(4);
  });

  it('answers a caller with a minPosition after their write: the batch that has it drops what was kept', async () => {
    const a = await server();
    const model = declared('test-things-b');
    const s = store();
    // The write's batch commits while the read waits for its position.
    registerRoute(
      a,
      host(() => model.commit()),
      things,
      async ({ params, query, cached }) => ({ id: params.id, page: query.page, ...(await cached(s.read)) }),
      { reads: [model], cached: 'admin' },
    );
    expect(await get('/api/admin/things/x')).toMatchObject({ version: 1 });
    s.version = 2;
    expect(await get('/api/admin/things/x')).toMatchObject({ version: 1 });
    expect(await get('/api/admin/things/x?minPosition=7.3')).toMatchObject({ version: 2 });
  });

  it('does not key what it keeps by the position waited for', async () => {
    const a = await server();
    const model = declared('test-things-c');
    const s = store();
    registerRoute(
      a,
      host(),
      things,
      async ({ params, query, cached }) => ({
        id: params.id,
        page: query.page,
        ...(await cached(s.read)),
      }),
      { reads: [model], cached: 'admin' },
    );
    await get('/api/admin/things/x?minPosition=1.1');
    await get('/api/admin/things/x?minPosition=2.5');
    await get('/api/admin/things/x');
    expect(s.loads).toBe(1);
  });

  it('refuses at registration a cached route whose read models would never drop what it keeps', async () => {
    const a = await server();
    const plain: Pick<Projection, 'name'> = { name: 'test-undeclared' };
    expect(() =>
      registerRoute(a, host(), things, async ({ params }) => ({ id: params.id, page: 1, version: 1 }), {
        reads: [declared('test-things-d'), plain],
        cached: 'admin',
      }),
    ).toThrow('GET /api/admin/things/:id is cached, but test-undeclared does not declare adminPagesCache()');
    expect(() => registerRoute(a, host(), noMinPosition, async () => ({ id: 'o', page: 1, version: 1 }), { cached: 'admin' })).toThrow(
      'a cached route declares the read models it reads',
    );
  });

  it('refuses to cache for a route that did not declare it', async () => {
    const a = await server();
    registerRoute(
      a,
      host(),
      things,
      async ({ params, cached }) => ({ id: params.id, page: 1, ...(await cached(async () => ({ version: 1 }))) }),
      {
        reads: [declared('test-things-e')],
      },
    );
    expect((await a.inject({ method: 'GET', url: '/api/admin/things/x' })).statusCode).toBe(500);
  });
});
