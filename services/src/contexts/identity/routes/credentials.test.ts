import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED, MESSAGES, VERIFY_RESEND_LIMIT, VERIFY_RESEND_TOO_MANY } from '@verba/contracts';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../../test-support/platform/test-app';
import { createLogger } from '../../../platform/logger';
import { CSRF_COOKIE } from '../../../platform/http/routes';
import { identityModule, accountCommands } from '../module';
import { INVALID_LINK } from '../commands/account';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../domain/sessions';
import { awaitMail, signUpVerified } from '../../../../test-support/contexts/identity/accounts';

const database = await preferredTestDatabase();
let n = 0;
const uniqueEmail = () => `reader${++n}.${Date.now()}@example.org`;
const PASSWORD = 'correct horse battery';
const HOUR = 60 * 60 * 1000;

describe(`email verification and passwords on ${database.label}`, () => {
  let t: TestApp;
  let offsetMs = 0; // the app's clock: real time moved forward by the test
  /** Every log line, at the most verbose level. */
  const logs: string[] = [];
  beforeAll(async () => {
    const log = createLogger('trace', 'test', { write: (line: string) => void logs.push(line) });
    t = await createTestApp(await database.create(), [identityModule], { now: () => new Date(Date.now() + offsetMs), log });
  });
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
  const post = (url: string, payload: object) => t.agent().request({ method: 'POST', url, payload });

  it('emails a verification link at sign-up; an unverified sign-in gets a new link and no session', async () => {
    const email = uniqueEmail();
    await post('/api/sign-up', { email, password: PASSWORD });
    const first = await awaitMail(t, email, /Confirm your email/);
    expect(first.link).toMatch(/\/app\/verify-result\?token=/);
    expect(first.text).toContain('expires in 24 hours');

    const agent = t.agent();
    const res = await agent.request({ method: 'POST', url: '/api/sign-in', payload: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: EMAIL_NOT_VERIFIED, code: 'email-not-verified' });
    expect(res.cookies.filter((c) => c.value !== '')).toEqual([]);
    const second = await awaitMail(t, email, /Confirm your email/, 1);
    expect(second.token).not.toBe(first.token);

    // Only the newest link works, and only once.
    const old = await post('/api/verify-email', { token: first.token });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('This link has already been used or replaced by a newer one.');
    expect((await post('/api/verify-email', { token: second.token })).statusCode).toBe(200);
    const again = await post('/api/verify-email', { token: second.token });
    expect(again.statusCode).toBe(400);
    expect((await agent.request({ method: 'POST', url: '/api/sign-in', payload: { email, password: PASSWORD } })).statusCode).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/user' })).json().emailVerified).toBe(true);
  });

  it('refuses a tampered, mistyped or expired verification link and changes nothing', async () => {
    const email = uniqueEmail();
    await post('/api/sign-up', { email, password: PASSWORD });
    const { token } = await awaitMail(t, email, /Confirm your email/);
    const before = await eventCount();
    const [body, mac] = token.split('.');
    for (const bad of [`${body}x.${mac}`, `${body}.${mac}x`, 'nonsense', `${body}`]) {
      const res = await post('/api/verify-email', { token: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_LINK);
    }
    offsetMs += 24 * HOUR + 1000;
    try {
      const expired = await post('/api/verify-email', { token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe('This link has expired.');
    } finally {
      offsetMs -= 24 * HOUR + 1000;
    }
    expect(await eventCount()).toBe(before);
  });

  it('resets a forgotten password from the emailed link, once, and ends every session', async () => {
    const email = uniqueEmail();
    const { agent } = await signUpVerified(t, email, PASSWORD);
    const unknown = await post('/api/reset-password', { email: uniqueEmail() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.resetPassword.userNotFound);

    expect((await post('/api/reset-password', { email: email.toUpperCase() })).statusCode).toBe(200);
    const { token, link } = await awaitMail(t, email, /Reset your Verba password/);
    expect(link).toMatch(/\/app\/new-password\?token=/);
    const weak = await post('/api/new-password', { token, password: 'short' });
    expect(weak.json().message).toBe(MESSAGES.registration.weakPassword);

    const done = await post('/api/new-password', { token, password: 'a brand new secret' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Success, You have successfully updated your password.');
    expect((await post('/api/new-password', { token, password: 'yet another secret' })).statusCode).toBe(400);

    expect((await agent.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await post('/api/sign-in', { email, password: PASSWORD })).json().message).toBe(MESSAGES.signIn.incorrectCredentials);
    expect((await post('/api/sign-in', { email, password: 'a brand new secret' })).statusCode).toBe(200);
  });

  it('lets a reset link expire after an hour', async () => {
    const email = uniqueEmail();
    await signUpVerified(t, email, PASSWORD);
    await post('/api/reset-password', { email });
    const { token } = await awaitMail(t, email, /Reset your Verba password/);
    offsetMs += HOUR;
    try {
      const res = await post('/api/new-password', { token, password: 'a brand new secret' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This link has expired.');
    } finally {
      offsetMs -= HOUR;
    }
  });

  it('changes the password from the profile with the spec texts, renewing this session only', async () => {
    const email = uniqueEmail();
    const { agent } = await signUpVerified(t, email, PASSWORD);
    const other = t.agent();
    await other.request({ method: 'POST', url: '/api/sign-in', payload: { email, password: PASSWORD } });

    const wrong = await agent.request({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { currentPassword: 'not it at all', newPassword: 'a brand new secret' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Incorrect current password');

    const ok = await agent.request({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { currentPassword: PASSWORD, newPassword: 'a brand new secret' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password updated successfully. Re-authenticating your account, please wait...');
    expect((await agent.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await other.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);

    const anonymous = await t
      .agent()
      .request({ method: 'POST', url: '/api/user/change-password', payload: { currentPassword: PASSWORD, newPassword: 'x'.repeat(12) } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('resending a verification link answers the same for known and unknown addresses', async () => {
    const email = uniqueEmail();
    await post('/api/sign-up', { email, password: PASSWORD });
    await awaitMail(t, email, /Confirm your email/);
    const known = await post('/api/verify-email/resend', { email });
    const unknown = await post('/api/verify-email/resend', { email: uniqueEmail() });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
    await awaitMail(t, email, /Confirm your email/, 1);
  });

  it(`limits resending to ${VERIFY_RESEND_LIMIT.perAddress} links per address in 15 minutes, known or unknown, with Retry-After`, async () => {
    const email = uniqueEmail();
    await post('/api/sign-up', { email, password: PASSWORD });
    await awaitMail(t, email, /Confirm your email/);
    const unknown = uniqueEmail();
    for (const address of [email, unknown]) {
      for (let i = 0; i < VERIFY_RESEND_LIMIT.perAddress; i++)
        expect((await post('/api/verify-email/resend', { email: address })).statusCode).toBe(200);
    }
    await awaitMail(t, email, /Confirm your email/, VERIFY_RESEND_LIMIT.perAddress);
    const before = await eventCount();
    for (const address of [email.toUpperCase(), unknown]) {
      const refused = await post('/api/verify-email/resend', { email: address });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(VERIFY_RESEND_TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    }
    expect(await eventCount()).toBe(before);
    expect((await post('/api/verify-email/resend', { email: uniqueEmail() })).statusCode).toBe(200);
  });

  it("never writes a password, an email address, a cookie, the CSRF token or an emailed link's token to the logs", async () => {
    const mark = logs.length;
    const email = uniqueEmail();
    await signUpVerified(t, email, PASSWORD); // reads the dev mailbox by address, as the mailbox page does
    await post('/api/reset-password', { email });
    const { token, link } = await awaitMail(t, email, /Reset your Verba password/);
    const page = new URL(link);
    await t.agent().request({ method: 'GET', url: `${page.pathname}${page.search}` }); // the browser opens the link
    expect((await post('/api/new-password', { token, password: 'a brand new secret' })).statusCode).toBe(200);
    const agent = t.agent();
    expect(
      (await agent.request({ method: 'POST', url: '/api/sign-in', payload: { email, password: 'a brand new secret' } })).statusCode,
    ).toBe(200);
    const cookies = () => [ACCESS_COOKIE, REFRESH_COOKIE, CSRF_COOKIE].map((name) => agent.cookie(name)!);
    const signedIn = cookies();
    const changed = await agent.request({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { currentPassword: 'a brand new secret', newPassword: 'yet another secret' },
    });
    expect(changed.statusCode).toBe(200);
    const secrets = [
      email,
      encodeURIComponent(email),
      PASSWORD,
      'a brand new secret',
      'yet another secret',
      token,
      encodeURIComponent(token),
      ...signedIn,
      ...cookies(),
    ];

    const logged = logs.slice(mark).join('');
    expect(logged).toContain('"url":"/api/sign-in"'); // the request lines were captured
    expect(logged).toContain('"url":"/app/new-password?token=[redacted]"');
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });
});

describe(`the spec's sign-in, registration and password errors on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [identityModule]);
  });
  afterAll(async () => t?.close());

  it('"This user account has been disabled." once an admin disables it; enabled again, it signs in', async () => {
    const email = uniqueEmail();
    const { agent } = await signUpVerified(t, email, PASSWORD);
    const admin = await signUpVerified(t, uniqueEmail(), PASSWORD);
    const adminId = (await admin.agent.request({ method: 'GET', url: '/api/user' })).json().uid;
    await accountCommands(t.deps).changeRole(adminId, 'Admin', 'test');
    await t.caughtUp();
    const uid = (await agent.request({ method: 'GET', url: '/api/user' })).json().uid;

    const asUser = await agent.request({ method: 'PATCH', url: `/api/admin/users/${adminId}/disabled`, payload: { disabled: true } });
    expect(asUser.statusCode).toBe(403);
    const off = await admin.agent.request({ method: 'PATCH', url: `/api/admin/users/${uid}/disabled`, payload: { disabled: true } });
    expect(off.statusCode).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401); // signed out everywhere
    const refused = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email, password: PASSWORD } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This user account has been disabled.');

    await admin.agent.request({ method: 'PATCH', url: `/api/admin/users/${uid}/disabled`, payload: { disabled: false } });
    expect((await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email, password: PASSWORD } })).statusCode).toBe(200);
  });

  it('"User is not authenticated" for a password change without a session', async () => {
    const res = await t
      .agent()
      .request({ method: 'POST', url: '/api/user/change-password', payload: { currentPassword: 'x', newPassword: 'long enough pw' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('User is not authenticated');
  });
});

describe(`with email/password accounts switched off on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [identityModule], { env: { EMAIL_PASSWORD_ACCOUNTS: 'false' } });
  });
  afterAll(async () => t?.close());

  it('"Email/password accounts are not enabled." for registration and sign-in, appending nothing', async () => {
    for (const url of ['/api/sign-up', '/api/sign-in']) {
      const res = await t.agent().request({ method: 'POST', url, payload: { email: uniqueEmail(), password: PASSWORD } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Email/password accounts are not enabled.');
    }
    expect(Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c)).toBe(0);
  });
});
