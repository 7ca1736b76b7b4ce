import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { isLoopbackAddress, isLoopbackHost } from '../loopback';
import { loopbackOnly } from './loopback';
import { createHttpServer } from './server';

describe('loopback only', () => {
  it('knows a loopback address and listen host', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.1.2.3', '0.0.0.0', '::', '::ffff:10.0.0.1', '128.0.0.1', 'localhost', '', undefined])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    for (const h of ['localhost', 'LOCALHOST', '127.0.0.1', '::1']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.5', 'verba.example']) expect(isLoopbackHost(h), h).toBe(false);
  });

  it('answers the TCP peer on this machine only, never believing X-Forwarded-For', async () => {
    const app = await createHttpServer({ log: createLogger('silent'), ready: () => true, trustProxy: 1 });
    app.get('/api/tool', { schema: { hide: true }, onRequest: loopbackOnly }, async () => ({ ok: true }));
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => app.inject({ url: '/api/tool', remoteAddress, headers });
    try {
      expect((await from('127.0.0.1')).statusCode).toBe(200);
      expect((await from('::1')).statusCode).toBe(200);
      const remote = await from('10.1.2.3');
      expect(remote.statusCode).toBe(404);
      expect(remote.json().message).toBe('No route for GET /api/tool');
      expect((await from('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
