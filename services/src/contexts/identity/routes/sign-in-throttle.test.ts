import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../../test-support/platform/test-app';
import { signUpVerified } from '../../../../test-support/contexts/identity/accounts';
import { identityModule } from '../module';
import { ACCESS_COOKIE } from '../domain/sessions';
import { SIGN_IN_THROTTLE } from '../domain/sign-in-throttle';

const database = await preferredTestDatabase();
const PASSWORD = 'correct horse battery';
let n = 0;
const uniqueEmail = () => `throttle${++n}.${Date.now()}@example.org`;

/** The app's clock: real time plus what the test moved it by, so backoff waits take no real time. */
const clock = (() => {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
})();

describe(`sign-in throttling by account and client on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [identityModule], { now: clock.now });
  });
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
  const signIn = (from: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/sign-in', payload: { email, password }, remoteAddress: from });

  async function expectThrottled(res: LightMyRequestResponse, seconds: number) {
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 429, message: MESSAGES.signIn.tooManyAttempts, detail: MESSAGES.signIn.tooManyAttempts });
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(res.cookies).toHaveLength(0);
  }

  it("an attacker's failures never lock the owner out; the attacker waits 1, 2, 4 s, and nothing is appended", async () => {
    const email = uniqueEmail();
    await signUpVerified(t, email, PASSWORD);
    const attacker = '203.0.113.66';
    const owner = '198.51.100.7';

    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) {
      const res = await signIn(attacker, email, `guess-${i}-password`);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.signIn.incorrectCredentials);
    }
    // The owner, from their own address, signs in at once with the right password.
    const mine = await signIn(owner, email, PASSWORD);
    expect(mine.statusCode).toBe(200);
    expect(mine.cookies.find((c) => c.name === ACCESS_COOKIE)).toBeTruthy();

    const before = await eventCount();
    await expectThrottled(await signIn(attacker, email, 'guess-5-password'), 1);
    // From the attacker's address even the right password waits: it is not checked.
    await expectThrottled(await signIn(attacker, email, PASSWORD), 1);
    expect(await eventCount()).toBe(before);

    // Each further failure doubles the attacker's wait.
    clock.advance(1000);
    expect((await signIn(attacker, email, 'guess-6-password')).statusCode).toBe(401);
    await expectThrottled(await signIn(attacker, email, 'guess-7-password'), 2);
    clock.advance(1000);
    await expectThrottled(await signIn(attacker, email, 'guess-7-password'), 1);
    clock.advance(1000);
    expect((await signIn(attacker, email, 'guess-7-password')).statusCode).toBe(401);
    await expectThrottled(await signIn(attacker, email, 'guess-8-password'), 4);
    clock.advance(4000);
    expect((await signIn(attacker, email, 'guess-8-password')).statusCode).toBe(401);
    await expectThrottled(await signIn(attacker, email, 'guess-9-password'), 8);
    expect(await eventCount()).toBe(before);

    // The owner is still never blocked from their address.
    expect((await signIn(owner, email, PASSWORD)).statusCode).toBe(200);
  });

  it('throttles wrong current passwords of a password change like failed sign-ins, on the same counters', async () => {
    const email = uniqueEmail();
    const from = '192.0.2.40';
    const { agent } = await signUpVerified(t, email, PASSWORD, 'Ada Lovelace', t.agent().from(from));
    const change = (currentPassword: string) =>
      agent.request({ method: 'POST', url: '/api/user/change-password', payload: { currentPassword, newPassword: 'a brand new secret' } });
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) {
      const wrong = await change(`guess-${i}-password`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(MESSAGES.changePassword.incorrectCurrentPassword);
    }
    const before = await eventCount();
    // Even the right password waits: it is not checked. Signing in from there waits as long.
    for (const res of [await change(PASSWORD), await signIn(from, email, PASSWORD)]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(MESSAGES.signIn.tooManyAttempts);
      expect(res.headers['retry-after']).toBe('1');
    }
    expect(await eventCount()).toBe(before);
    clock.advance(1000);
    expect((await change(PASSWORD)).statusCode).toBe(200);
  });

  it('documents the 429 and Retry-After in the API document', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const description: string = docs.json().paths['/api/sign-in'].post.description;
    expect(description).toContain('429');
    expect(description).toContain('Retry-After');
    expect(description).toContain(MESSAGES.signIn.tooManyAttempts);
  });

  it("a success resets that client's count for the account", async () => {
    const email = uniqueEmail();
    await signUpVerified(t, email, PASSWORD);
    const from = '192.0.2.10';
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures - 1; i++)
      expect((await signIn(from, email, `typo-${i}-password`)).statusCode).toBe(401);
    expect((await signIn(from, email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) expect((await signIn(from, email, `typo-${i}-password`)).statusCode).toBe(401);
    await expectThrottled(await signIn(from, email, PASSWORD), 1);
    clock.advance(1000);
    expect((await signIn(from, email, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(from, email, 'typo-again-password')).statusCode).toBe(401);
  });

  it('throttles unknown emails alike, and concurrent attempts of one pair cannot slip past the wait', async () => {
    const email = uniqueEmail(); // no such account: the same answers as for a real one
    const from = '192.0.2.20';
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures - 1; i++)
      expect((await signIn(from, email, `guess-${i}-password`)).statusCode).toBe(401);
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(from, email, `burst-${i}-password`)));
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 429, 429, 429, 429, 429]);
    for (const res of burst.filter((r) => r.statusCode === 429)) {
      expect(res.json().message).toBe(MESSAGES.signIn.tooManyAttempts);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('a client failing on many accounts (credential stuffing) is throttled; other clients are not', async () => {
    const stuffer = '192.0.2.30';
    const limit = SIGN_IN_THROTTLE.perClient.failures;
    for (let i = 0; i < limit; i++) expect((await signIn(stuffer, uniqueEmail(), 'leaked-password-1')).statusCode).toBe(401);
    const refused = await signIn(stuffer, uniqueEmail(), 'leaked-password-1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGES.signIn.tooManyAttempts);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_THROTTLE.perClient.windowMs / 1000);

    const email = uniqueEmail();
    await signUpVerified(t, email, PASSWORD);
    expect((await signIn('192.0.2.31', email, PASSWORD)).statusCode).toBe(200);
  });
});
