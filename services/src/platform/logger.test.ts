import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('structured logs', () => {
  it('never write credentials, cookies or personal data', () => {
    const lines: string[] = [];
    const log = createLogger('info', 'test', { write: (line: string) => void lines.push(line) });
    log.info({
      req: { headers: { authorization: 'Bearer abc.def', cookie: 'verba_session=secret-jwt', 'x-verba-csrf': 'csrf-token', host: 'h' } },
      body: { email: 'ada@example.org', password: 'hunter22!', name: 'Ada' },
    }, 'request');
    const out = lines.join('');
    for (const secret of ['abc.def', 'secret-jwt', 'csrf-token', 'ada@example.org', 'hunter22!', 'Ada']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(JSON.parse(out).req.headers.host).toBe('h');
  });
});
