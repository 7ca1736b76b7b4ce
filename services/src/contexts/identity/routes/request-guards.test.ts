import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../../test-support/platform/test-app';
import { awaitMail, signUpVerified } from '../../../../test-support/contexts/identity/accounts';
import { CSRF_COOKIE, CSRF_FAILED } from '../../../platform/http/routes';
import { CROSS_SITE_REFUSED } from '../../../platform/http/cross-site';
import { identityModule } from '../module';

const database = await preferredTestDatabase();
const PASSWORD = 'correct horse battery';
let n = 0;
const uniqueEmail = () => `guard${++n}.${Date.now()}@example.org`;

/** Issue 35 item 4B: session-bound CSRF tokens, cross-site writes, links never from Host, dev tools on loopback. */
describe(`request guards on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // No PUBLIC_URL (development): the app's origin is http://HOST:PORT, and a request's own origin is http://localhost:80.
    t = await createTestApp(await database.create(), [identityModule]);
  });
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
  const rename = (agent: Agent, name: string, headers: Record<string, string> = {}, csrf = true) =>
    agent.request({ method: 'PATCH', url: '/api/user', payload: { name }, headers, csrf });

  it("refuses one session's CSRF token on another session, even sent as that session's cookie; each session's own passes", async () => {
    const email = uniqueEmail();
    const a = (await signUpVerified(t, email, PASSWORD)).agent;
    const b = (await signUpVerified(t, uniqueEmail(), PASSWORD)).agent;
    // The same account signed in a second time is another session, with another token.
    const a2 = t.agent();
    expect((await a2.request({ method: 'POST', url: '/api/sign-in', payload: { email, password: PASSWORD } })).statusCode).toBe(200);
    const tokenA = a.cookie(CSRF_COOKIE)!;
    expect(tokenA.length).toBeGreaterThanOrEqual(32);
    expect(new Set([tokenA, b.cookie(CSRF_COOKIE), a2.cookie(CSRF_COOKIE)]).size).toBe(3);

    const before = await eventCount();
    for (const other of [b, a2]) {
      const own = other.cookie(CSRF_COOKIE)!;
      // Double submit alone would pass this: cookie and header agree, but neither is this session's.
      other.setCookies({ [CSRF_COOKIE]: tokenA });
      const res = await rename(other, 'Mallory');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CSRF_FAILED);
      other.setCookies({ [CSRF_COOKIE]: own });
    }
    expect(await eventCount()).toBe(before);

    expect((await rename(a, 'Ada')).statusCode).toBe(200);
    expect((await rename(a2, 'Ada Again')).statusCode).toBe(200);
    expect((await rename(b, 'Bea')).statusCode).toBe(200);
  });

  it("gives a browser holding a stale token this session's token on its next request", async () => {
    const { agent } = await signUpVerified(t, uniqueEmail(), PASSWORD);
    const token = agent.cookie(CSRF_COOKIE)!;
    agent.setCookies({ [CSRF_COOKIE]: 'a-random-token-from-before-binding' });
    expect((await rename(agent, 'Stale')).statusCode).toBe(403);
    expect(agent.cookie(CSRF_COOKIE)).toBe(token);
    expect((await rename(agent, 'Fresh')).statusCode).toBe(200);
  });

  it('refuses writes a browser sends from another site, signed in or not, appending nothing', async () => {
    const email = uniqueEmail();
    const { agent } = await signUpVerified(t, email, PASSWORD);
    const before = await eventCount();
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const write = await rename(agent, 'Mallory', headers);
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toBe(CROSS_SITE_REFUSED);
      // Login CSRF: no session is started for a form on another site.
      const signIn = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email, password: PASSWORD }, headers });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.cookies).toEqual([]);
      const signUp = await t
        .agent()
        .request({ method: 'POST', url: '/api/sign-up', payload: { email: uniqueEmail(), password: PASSWORD }, headers });
      expect(signUp.statusCode).toBe(403);
    }
    expect(await eventCount()).toBe(before);
    expect((await rename(agent, 'Ada', { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it("takes Apple's cross-site form POST on the social callback (refused later for its missing transaction, not as cross-site)", async () => {
    const res = await t.agent().request({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { origin: 'https://appleid.apple.com', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc&state=def',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/app/sign-in?error=apple');
  });

  it('builds emailed links and social redirect URIs on the configured origin, whatever Host the request named', async () => {
    const appUrl = t.deps.appUrl;
    expect(appUrl).toBe('http://127.0.0.1:3000');
    const email = uniqueEmail();
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const up = await t.agent().request({ method: 'POST', url: '/api/sign-up', payload: { email, password: PASSWORD }, headers: forged });
    expect(up.statusCode).toBe(201);
    const verify = await awaitMail(t, email, /Confirm your email/);
    expect(verify.link.startsWith(`${appUrl}/app/verify-result?token=`)).toBe(true);
    expect(verify.text).not.toContain('evil.example');
    expect((await t.agent().request({ method: 'POST', url: '/api/verify-email', payload: { token: verify.token } })).statusCode).toBe(200);

    expect((await t.agent().request({ method: 'POST', url: '/api/reset-password', payload: { email }, headers: forged })).statusCode).toBe(
      200,
    );
    const reset = await awaitMail(t, email, /Reset your Verba password/);
    expect(reset.link.startsWith(`${appUrl}/app/new-password?token=`)).toBe(true);
    expect(reset.text).not.toContain('evil.example');

    // Social sign-in keeps a loopback name the browser used (its cookies are that name's), never a foreign one.
    const start = async (host: string) =>
      new URL((await t.agent().request({ method: 'GET', url: '/api/auth/google/start', headers: { host } })).headers.location as string);
    expect((await start('evil.example')).origin).toBe(appUrl);
    expect((await start('evil.example')).searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/google/callback`);
    expect((await start('localhost:3000')).origin).toBe('http://localhost:3000');
  });

  it('answers the dev mailbox and the local OpenID provider to clients on this machine only', async () => {
    const remote = t.agent().from('10.1.2.3');
    const forwarded = { 'x-forwarded-for': '127.0.0.1' };
    for (const url of ['/api/dev/mailbox?to=someone%40example.org', '/api/dev/mailbox', '/oidc-dev/.well-known/openid-configuration']) {
      expect((await remote.request({ method: 'GET', url })).statusCode, url).toBe(404);
      expect((await remote.request({ method: 'GET', url, headers: forwarded })).statusCode, url).toBe(404);
    }
    expect(
      (
        await remote.request({
          method: 'POST',
          url: '/oidc-dev/token',
          payload: 'grant_type=authorization_code',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(404);
    const local = t.agent().from('127.0.0.1');
    expect((await local.request({ method: 'GET', url: '/api/dev/mailbox?to=someone%40example.org' })).json()).toEqual({ messages: [] });
    expect((await local.request({ method: 'GET', url: '/oidc-dev/.well-known/openid-configuration' })).statusCode).toBe(200);
  });
});
