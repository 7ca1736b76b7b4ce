import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { currentRequestId } from '../request-context';
import { createHttpServer } from './server';

describe('request context', () => {
  it("gives a route's handler, across awaits, the id of the request it serves (the correlationId of its events)", async () => {
    const app = await createHttpServer({ log: createLogger('silent'), ready: () => true });
    app.get('/api/whoami', { schema: { hide: true } }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { requestId: currentRequestId() };
    });
    const [a, b] = await Promise.all([
      app.inject({ url: '/api/whoami', headers: { 'x-request-id': 'first-request' } }),
      app.inject({ url: '/api/whoami', headers: { 'x-request-id': 'second-request' } }),
    ]);
    expect(a.json()).toEqual({ requestId: 'first-request' });
    expect(b.json()).toEqual({ requestId: 'second-request' });
    expect(currentRequestId()).toBeUndefined();
    await app.close();
  });
});
