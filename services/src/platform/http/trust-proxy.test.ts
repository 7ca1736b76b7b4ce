import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createHttpServer } from './server';

/** The client address the sign-in throttle keys on: the TCP peer, or the forwarded one behind a trusted proxy. */
async function clientIp(trustProxy: number | string[] | undefined): Promise<string> {
  const app = await createHttpServer({
    log: createLogger('silent'),
    ready: () => true,
    ...(trustProxy === undefined ? {} : { trustProxy }),
  });
  app.get('/api/ip', { schema: { hide: true } }, async (request) => ({ ip: request.ip }));
  const res = await app.inject({ url: '/api/ip', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7' } });
  await app.close();
  return res.json().ip as string;
}

describe('TRUST_PROXY', () => {
  it('believes no X-Forwarded-For by default: anyone could claim any address', async () => {
    expect(await clientIp(undefined)).toBe('10.0.0.2');
  });

  it('takes the forwarded client behind a trusted proxy, by hop count or address', async () => {
    expect(await clientIp(1)).toBe('203.0.113.7');
    expect(await clientIp(['10.0.0.0/8'])).toBe('203.0.113.7');
    expect(await clientIp(['192.168.0.1'])).toBe('10.0.0.2');
  });
});
