import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createHttpServer, type App } from './server';
import { API_POLICY, inlineScriptHashes, pagePolicy } from './security-headers';

describe('security headers', () => {
  let app: App;
  beforeAll(async () => {
    app = await createHttpServer({ log: createLogger('silent'), ready: () => true });
    await app.ready();
  });
  afterAll(() => app.close());

  it('every API answer forbids framing, sniffing and loading anything, and asks for HTTPS', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toBe(API_POLICY);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
    }
  });

  it('the API docs page allows its own scripts by hash, never unsafe-inline scripts', async () => {
    const res = await app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const scripts = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    expect(scripts).not.toContain('unsafe-inline');
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('a page policy', () => {
  const html = '<html><head><script>var t=1;</script><script src="/main.js"></script></head><body><script>go()</script></body></html>';

  it('allows exactly the inline scripts of the page, by sha256', () => {
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([hash('var t=1;'), hash('go()')]);
    const policy = pagePolicy(html);
    expect(policy).toContain(`script-src 'self' ${hash('var t=1;')} ${hash('go()')}`);
    expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it('adds the origins fragments are loaded from', () => {
    expect(pagePolicy('', ['https://cdn.example'])).toContain("script-src 'self' https://cdn.example");
  });
});
