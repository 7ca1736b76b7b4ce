import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger';
import { GENERIC_SERVER_ERROR } from './problem';
import { createHttpServer } from './server';

const UserSchema = z.object({ id: z.string(), name: z.string(), roles: z.array(z.object({ name: z.string() })) });

/** A route whose handler answers `body`, on a server as tests and development run it (responses checked). */
async function answer(body: unknown) {
  const lines: string[] = [];
  const app = await createHttpServer({
    log: createLogger('error', 'test', { write: (line: string) => void lines.push(line) }),
    ready: () => true,
  });
  app.get('/api/user-row', { schema: { hide: true, response: { 200: UserSchema } } }, async () => body as never);
  const res = await app.inject({ url: '/api/user-row' });
  await app.close();
  return { res, log: lines.join('') };
}

describe('responses outside production', () => {
  it('sends an answer that has only the fields its schema declares', async () => {
    const { res } = await answer({ id: 'u1', name: 'Ada', roles: [{ name: 'User' }], nickname: undefined });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'u1', name: 'Ada', roles: [{ name: 'User' }] });
  });

  it('refuses a field the schema does not declare, at any depth, naming it in the log but never its value', async () => {
    // Production sends the handler's object as it is: these would reach the browser there.
    const { res, log } = await answer({
      id: 'u1',
      name: 'Ada',
      passwordHash: '$argon2id$v=19$secret',
      roles: [{ name: 'User', grantedBy: 'owner@example.org' }],
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().detail).toBe(GENERIC_SERVER_ERROR);
    expect(res.body).not.toContain('argon2');
    expect(log).toContain('passwordHash, roles[].grantedBy');
    expect(log).not.toContain('$argon2id$v=19$secret');
    expect(log).not.toContain('owner@example.org');
  });
});
