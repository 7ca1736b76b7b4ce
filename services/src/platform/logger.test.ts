import { describe, expect, it } from 'vitest';
import { createLogger, urlForLog } from './logger';

describe('structured logs', () => {
  it('never write credentials, cookies or personal data', () => {
    const lines: string[] = [];
    const log = createLogger('info', 'test', { write: (line: string) => void lines.push(line) });
    log.info({
      req: { method: 'GET', url: '/api/user', host: 'h', headers: { authorization: 'Bearer abc.def', cookie: 'verba_session=secret-jwt', 'x-verba-csrf': 'csrf-token' } },
      body: { email: 'ada@example.org', password: 'hunter22!', name: 'Ada' },
    }, 'request');
    const out = lines.join('');
    for (const secret of ['abc.def', 'secret-jwt', 'csrf-token', 'ada@example.org', 'hunter22!', 'Ada']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    // A request is its method, URL and host: no header at all.
    expect(JSON.parse(out).req).toMatchObject({ method: 'GET', url: '/api/user', host: 'h' });
    expect(JSON.parse(out).req.headers).toBeUndefined();
  });

  it('keep a URL\'s path and query names, never a query value', () => {
    expect(urlForLog('/api/articles/42')).toBe('/api/articles/42');
    expect(urlForLog('/api/admin/users?q=ada%40example.org&page=2')).toBe('/api/admin/users?q=[redacted]&page=[redacted]');
    expect(urlForLog('/app/new-password?token=abc.def&&ada@example.org')).toBe('/app/new-password?token=[redacted]&[redacted]');
  });
});
