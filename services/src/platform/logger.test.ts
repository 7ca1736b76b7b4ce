import { describe, expect, it } from 'vitest';
import { createLogger, lazyChildLogger, urlForLog } from './logger';

describe('structured logs', () => {
  it('never write credentials, cookies or personal data', () => {
    const lines: string[] = [];
    const log = createLogger('info', 'test', { write: (line: string) => void lines.push(line) });
    log.info(
      {
        req: {
          method: 'GET',
          url: '/api/user',
          host: 'h',
          headers: { authorization: 'Bearer abc.def', cookie: 'verba_session=secret-jwt', 'x-verba-csrf': 'csrf-token' },
        },
        body: { email: 'ada@example.org', password: 'hunter22!', name: 'Ada' },
      },
      'request',
    );
    const out = lines.join('');
    for (const secret of ['abc.def', 'secret-jwt', 'csrf-token', 'ada@example.org', 'hunter22!', 'Ada']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    // A request is its method, URL and host: no header at all.
    expect(JSON.parse(out).req).toMatchObject({ method: 'GET', url: '/api/user', host: 'h' });
    expect(JSON.parse(out).req.headers).toBeUndefined();
  });

  it("make a request's child logger only when it logs at an enabled level, with its bindings and the redaction", () => {
    const lines: string[] = [];
    const parent = createLogger('warn', 'test', { write: (line: string) => void lines.push(line) });
    let children = 0;
    const child = parent.child;
    parent.child = function counted(this: typeof parent, ...args: Parameters<typeof child>) {
      children++;
      return child.apply(this, args);
    } as typeof parent.child;
    const quiet = lazyChildLogger(parent, { reqId: 'r-1' });
    quiet.info({ body: { password: 'x' } }, 'incoming request');
    quiet.debug('detail');
    expect(quiet.level).toBe('warn');
    expect(quiet.isLevelEnabled('info')).toBe(false);
    expect([children, lines.length]).toEqual([0, 0]);

    const failing = lazyChildLogger(parent, { reqId: 'r-2' });
    failing.error({ body: { email: 'ada@example.org' } }, 'request failed');
    failing.warn('again');
    expect(children).toBe(1); // made once, for the first line
    failing.child({ step: 2 }).warn('third');
    const [first, second, third] = lines.map((l) => JSON.parse(l));
    expect(first).toMatchObject({ reqId: 'r-2', msg: 'request failed', body: { email: '[redacted]' } });
    expect(second).toMatchObject({ reqId: 'r-2', msg: 'again' });
    expect(third).toMatchObject({ reqId: 'r-2', step: 2, msg: 'third' });
  });

  it("keep a URL's path and query names, never a query value", () => {
    expect(urlForLog('/api/articles/42')).toBe('/api/articles/42');
    expect(urlForLog('/api/admin/users?q=ada%40example.org&page=2')).toBe('/api/admin/users?q=[redacted]&page=[redacted]');
    expect(urlForLog('/app/new-password?token=abc.def&&ada@example.org')).toBe('/app/new-password?token=[redacted]&[redacted]');
  });
});
