import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@verba/contracts';
import { parsePosition } from '../../../platform/event-store/port';
import { ADMIN_ONLY, CSRF_FAILED, SESSION_EXPIRED } from '../../../platform/http/routes';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../../test-support/platform/test-app';
import { identityModule, accountCommands } from '../module';
import { REFRESH_COOKIE, ACCESS_COOKIE } from '../domain/sessions';
import { awaitMail, signUpVerified } from '../../../../test-support/contexts/identity/accounts';

const database = await preferredTestDatabase();
let n = 0;
const uniqueEmail = () => `learner${++n}.${Date.now()}@example.org`;
const PASSWORD = 'correct horse battery';

describe(`identity routes on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [identityModule]);
  });
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);

  async function signedIn(email = uniqueEmail(), name = 'Ada Lovelace'): Promise<{ agent: Agent; email: string; uid: string }> {
    return { ...(await signUpVerified(t, email, PASSWORD, name)), email };
  }

  it('registers, signs in with session cookies and reads the user', async () => {
    const email = uniqueEmail();
    const agent = t.agent();
    const up = await agent.request({ method: 'POST', url: '/api/sign-up', payload: { email, password: PASSWORD, name: 'Ada' } });
    expect(up.statusCode).toBe(201);
    expect(up.json().user).toMatchObject({ email, name: 'Ada', role: 'User', subscription: 'free', showMainOnboarding: true });
    expect(up.json().position).toMatch(/^\d+\.\d+$/);
    const { token } = await awaitMail(t, email, /Confirm your email/);
    expect((await agent.request({ method: 'POST', url: '/api/verify-email', payload: { token } })).statusCode).toBe(200);

    const res = await agent.request({ method: 'POST', url: '/api/sign-in', payload: { email: email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().showMainOnboarding).toBe(true);
    const session = res.cookies.find((c) => c.name === ACCESS_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({ httpOnly: true, path: '/api' });

    const me = await agent.request({ method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, name: 'Ada' });
  });

  it.each([
    [{ email: 'not-an-email', password: PASSWORD }, MESSAGES.registration.invalidEmail],
    [{ email: 'x@example.org', password: 'short' }, MESSAGES.registration.weakPassword],
    [{ email: 'x@example.org', password: 'aaaaaaaaaaaa' }, MESSAGES.registration.weakPassword],
    [{ email: 'x@example.org' }, 'Invalid input: expected string, received undefined'],
  ])('refuses a bad registration %j with a clear message and appends nothing', async (payload, message) => {
    const before = await eventCount();
    const res = await t.agent().request({ method: 'POST', url: '/api/sign-up', payload });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, detail: message, message });
    expect(await eventCount()).toBe(before);
  });

  it('refuses an email already in use, whatever its case', async () => {
    const email = uniqueEmail();
    await t.agent().request({ method: 'POST', url: '/api/sign-up', payload: { email, password: PASSWORD } });
    const before = await eventCount();
    const res = await t
      .agent()
      .request({ method: 'POST', url: '/api/sign-up', payload: { email: email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.registration.emailInUse);
    expect(await eventCount()).toBe(before);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { email } = await signedIn();
    const wrong = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email, password: 'wrong password!' } });
    const unknown = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email: uniqueEmail(), password: PASSWORD } });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.signIn.incorrectCredentials);
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('throttles a client after repeated failures on an account, even for the right password (other clients: sign-in-throttle.test.ts)', async () => {
    const { email } = await signedIn();
    for (let i = 0; i < 5; i++) {
      const res = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email, password: `wrong-${i}-password` } });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email, password: PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MESSAGES.signIn.tooManyAttempts);
    expect(locked.headers['retry-after']).toBe('1');
  });

  it('answers 401 without a session and 403 for a write without the CSRF header', async () => {
    const anonymous = await t.agent().request({ method: 'GET', url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(SESSION_EXPIRED);

    const { agent } = await signedIn();
    const before = await eventCount();
    const noCsrf = await agent.request({ method: 'PATCH', url: '/api/user', payload: { name: 'Eve' }, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toBe(CSRF_FAILED);
    expect(await eventCount()).toBe(before);
  });

  it('updates the profile and reads it back at once', async () => {
    const { agent } = await signedIn();
    const res = await agent.request({
      method: 'PATCH',
      url: '/api/user',
      payload: { name: 'Grace Hopper', currentLearningLanguage: 'de' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Grace Hopper', currentLearningLanguage: 'de', learnedLanguages: ['de'] });
    const bad = await agent.request({ method: 'PATCH', url: '/api/user', payload: { currentLearningLanguage: 'xx' } });
    expect(bad.statusCode).toBe(400);
    const empty = await agent.request({ method: 'PATCH', url: '/api/user', payload: {} });
    expect(empty.json().message).toBe('Nothing to update');
  });

  it('signs out: the same cookies no longer work', async () => {
    const { agent } = await signedIn();
    const access = agent.cookie(ACCESS_COOKIE)!;
    expect((await agent.request({ method: 'POST', url: '/api/sign-out' })).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `${ACCESS_COOKIE}=${access}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('rotates the refresh token and revokes a session whose old token is replayed', async () => {
    const { agent } = await signedIn();
    const firstRefresh = agent.cookie(REFRESH_COOKIE)!;
    agent.forget(ACCESS_COOKIE); // as after the access token's five minutes
    const refreshed = await agent.request({ method: 'GET', url: '/api/user' });
    expect(refreshed.statusCode).toBe(200);
    expect(agent.cookie(REFRESH_COOKIE)).not.toBe(firstRefresh);

    // Replayed after the grace for parallel requests: someone else holds a copy, so the session ends.
    await t.platform.db('identity_sessions').update({ rotated_at: new Date(Date.now() - 60_000) });
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `${REFRESH_COOKIE}=${firstRefresh}` } });
    expect(replay.statusCode).toBe(401);
    agent.forget(ACCESS_COOKIE);
    expect((await agent.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('keeps admin routes for admins: 403 for a user, 200 once promoted', async () => {
    const { agent, uid } = await signedIn();
    const other = await signedIn();
    const denied = await agent.request({ method: 'GET', url: '/api/admin/users' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(ADMIN_ONLY);
    expect(
      (await agent.request({ method: 'PATCH', url: `/api/admin/users/${other.uid}/role`, payload: { role: 'Admin' } })).statusCode,
    ).toBe(403);

    // Only an Owner makes admins (issue 17).
    const promoted = await accountCommands(t.deps).changeRole(uid, 'Owner', 'test');
    expect(await t.deps.projections.waitFor(promoted.position!, { timeoutMs: 5000 })).toBe(true);
    const list = await agent.request({ method: 'GET', url: '/api/admin/users?page=1&pageSize=100' });
    expect(list.statusCode).toBe(200);
    expect(list.json().users.map((u: { uid: string }) => u.uid)).toContain(other.uid);
    const promote = await agent.request({ method: 'PATCH', url: `/api/admin/users/${other.uid}/role`, payload: { role: 'Admin' } });
    expect(promote.statusCode).toBe(200);
    const after = await agent.request({ method: 'GET', url: `/api/admin/users?pageSize=100&minPosition=${promote.json().position}` });
    expect(after.json().users.find((u: { uid: string }) => u.uid === other.uid).role).toBe('Admin');
    // An admin is not sent through learner onboarding, though they never did it.
    expect((await agent.request({ method: 'GET', url: '/api/user' })).json()).toMatchObject({ role: 'Owner', showMainOnboarding: false });
  });

  it('deletes an account: no sign-in, and no readable email or name left in read models or the log', async () => {
    const email = uniqueEmail();
    const name = 'Zelda Unforgettable-Name';
    const { agent, uid } = await signedIn(email, name);
    const res = await agent.request({ method: 'DELETE', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    expect(await t.deps.projections.waitFor(parsePosition(res.json().position), { timeoutMs: 5000 })).toBe(true);

    const again = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email, password: PASSWORD } });
    expect(again.statusCode).toBe(401);
    expect((await agent.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);

    const db = t.platform.db;
    const everything = await db.raw(`
      select string_agg(t::text, ' ') as dump from (
        select data::text || metadata::text || stream_id as t from es_events
        union all select row_to_json(u)::text from identity_users u
        union all select row_to_json(s)::text from identity_sessions s
      ) x`);
    const dump: string = everything.rows[0].dump ?? '';
    expect(dump).not.toContain(email);
    expect(dump.toLowerCase()).not.toContain(email.toLowerCase());
    expect(dump).not.toContain('Zelda');
    expect((await db('user_data_keys').where({ user_id: uid }).first())?.data_key).toBeNull();
    expect(await db('identity_users').where({ user_id: uid }).first()).toBeUndefined();
    // The email is free again.
    const reuse = await t.agent().request({ method: 'POST', url: '/api/sign-up', payload: { email, password: PASSWORD } });
    expect(reuse.statusCode).toBe(201);
  });
});
