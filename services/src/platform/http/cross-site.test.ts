import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { CROSS_SITE_REFUSED } from './cross-site';
import { createHttpServer, type App } from './server';

/** A server with a write that counts its calls, a read, and a write that takes cross-site posts (a webhook). */
async function serverWith(publicUrl?: string): Promise<{ app: App; calls: () => number }> {
  let calls = 0;
  const app = await createHttpServer({ log: createLogger('silent'), ready: () => true, ...(publicUrl ? { publicUrl } : {}) });
  app.post('/api/write', { schema: { hide: true } }, async () => ({ n: ++calls }));
  app.get('/api/read', { schema: { hide: true } }, async () => ({ ok: true }));
  app.post('/api/hook', { schema: { hide: true }, config: { crossSite: true } }, async () => ({ n: ++calls }));
  return { app, calls: () => calls };
}

describe('cross-site writes', () => {
  let s: Awaited<ReturnType<typeof serverWith>>;
  beforeAll(async () => void (s = await serverWith()));
  afterAll(async () => s.app.close());
  const write = (headers: Record<string, string>, url = '/api/write') =>
    s.app.inject({ method: 'POST', url, headers: { host: 'verba.local:3000', ...headers }, payload: {} });

  it('refuses another origin, a null origin and Sec-Fetch-Site cross-site with 403 problem+json, before the handler runs', async () => {
    const before = s.calls();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://verba.local:3001' },
      { 'sec-fetch-site': 'cross-site' },
    ] as Record<string, string>[]) {
      const res = await write(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 403, message: CROSS_SITE_REFUSED });
    }
    expect(s.calls()).toBe(before);
  });

  it('lets through its own origin, a request without Origin (a non-browser client), reads, and a route that takes cross-site posts', async () => {
    expect((await write({ origin: 'http://verba.local:3000', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await write({})).statusCode).toBe(200);
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/read', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }))
        .statusCode,
    ).toBe(200);
    expect((await write({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, '/api/hook')).statusCode).toBe(200);
  });

  it('with PUBLIC_URL, accepts its origin only, whatever Host the request names', async () => {
    const p = await serverWith('https://verba.example/');
    try {
      const post = (host: string, origin: string) =>
        p.app.inject({ method: 'POST', url: '/api/write', headers: { host, origin }, payload: {} });
      expect((await post('verba.example', 'https://verba.example')).statusCode).toBe(200);
      expect((await post('internal:3000', 'https://verba.example')).statusCode).toBe(200);
      expect((await post('evil.example', 'http://evil.example')).statusCode).toBe(403);
      expect((await post('verba.example', 'http://verba.example')).statusCode).toBe(403);
    } finally {
      await p.app.close();
    }
  });
});
