import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, PositionSchema } from '@verba/contracts/http';
import type { Position } from '../event-store/port';
import { createLogger } from '../logger';
import { registerRoute, type RouteHost } from './routes';
import { createHttpServer, type App } from './server';

const withMinPosition = defineRoute({
  method: 'GET',
  path: '/api/things',
  access: 'public',
  summary: 'Things',
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: z.object({ n: z.number() }),
});
const withoutMinPosition = defineRoute({ ...withMinPosition, path: '/api/other', query: z.object({}) });

/** Projections that reach everything at once, remembering what each wait asked for. */
function host(): RouteHost & { waits: { position: Position; projections?: string[] }[] } {
  const waits: { position: Position; projections?: string[] }[] = [];
  return {
    waits,
    auth: {
      authenticate: async () => undefined,
      currentRole: async () => undefined,
      csrfToken: () => '',
    },
    projections: {
      async waitFor(position, options = {}) {
        waits.push({ position, ...(options.projections ? { projections: options.projections } : {}) });
        return true;
      },
      inLog: async () => true,
    },
  };
}

describe('a route declares the read models it reads', () => {
  let app: App | undefined;
  afterEach(async () => app?.close());
  const server = async () => (app = await createHttpServer({ log: createLogger('silent'), ready: () => true }));

  it('refuses at registration a minPosition route that names no read model', async () => {
    const a = await server();
    expect(() => registerRoute(a, host(), withMinPosition, async () => ({ n: 1 }))).toThrow(
      'GET /api/things: its query takes minPosition, so it must declare the read models it reads',
    );
    expect(() => registerRoute(a, host(), withMinPosition, async () => ({ n: 1 }), { reads: [] })).toThrow('must declare');
  });

  it('refuses at registration read models on a route whose query takes no minPosition', async () => {
    const a = await server();
    expect(() => registerRoute(a, host(), withoutMinPosition, async () => ({ n: 1 }), { reads: [{ name: 'things' }] })).toThrow(
      'GET /api/other declares reads, but its query takes no minPosition',
    );
  });

  it('waits for exactly the declared read models before the handler runs, and only when given a position', async () => {
    const a = await server();
    const h = host();
    const seen: number[] = [];
    registerRoute(
      a,
      h,
      withMinPosition,
      async () => {
        seen.push(h.waits.length);
        return { n: 1 };
      },
      { reads: [{ name: 'things' }, { name: 'counts' }] },
    );
    expect((await a.inject({ method: 'GET', url: '/api/things?minPosition=7.3' })).statusCode).toBe(200);
    expect(h.waits).toEqual([{ position: { transaction: 7n, sequence: 3n }, projections: ['things', 'counts'] }]);
    expect(seen).toEqual([1]);
    expect((await a.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(200);
    expect(h.waits).toHaveLength(1);
  });
});
