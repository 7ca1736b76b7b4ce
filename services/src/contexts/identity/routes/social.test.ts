import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@verba/contracts';
import { createLogger } from '../../../platform/logger';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../../test-support/platform/test-app';
import { identityModule, accountCommands, socialOf } from '../module';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../domain/sessions';
import type { SocialProvider } from '../adapters/social/providers';
import { LocalTracking } from '../adapters/social/tracking';
import { TRANSACTION_COOKIE } from '../domain/social-transaction';

const database = await preferredTestDatabase();
const HOST = 'verba.test';
let n = 0;
const uniqueEmail = () => `social${++n}.${Date.now()}@example.org`;

interface Login {
  email: string;
  name?: string;
  verified?: boolean;
  /** Changes the authorization URL before the browser follows it (an attacker's doing). */
  editAuthorizationUrl?: (url: URL) => void;
  /** Changes the callback URL the provider sent the browser back with. */
  editCallback?: (url: URL) => void;
}

describe(`social sign-in on ${database.label}`, () => {
  let t: TestApp;
  /** Every log line, at the most verbose level, and every token the provider issued. */
  const logs: string[] = [];
  const issued: string[] = [];
  const logSince = (mark: number) => logs.slice(mark).join('');
  beforeAll(async () => {
    const log = createLogger('trace', 'test', { write: (line: string) => void logs.push(line) });
    t = await createTestApp(await database.create(), [identityModule], { log, env: { PUBLIC_URL: `http://${HOST}` } });
    socialOf(t.deps)!.dev.onProvider((provider) =>
      provider.on('grant.success', (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        for (const k of ['access_token', 'id_token', 'refresh_token']) if (typeof body?.[k] === 'string') issued.push(body[k] as string);
      }),
    );
  });
  afterAll(async () => t?.close());

  /** What the browser received: bodies, locations and cookies of every response. */
  const seen: string[] = [];
  const remember = <R extends { body: string; headers: Record<string, unknown> }>(res: R): R => {
    seen.push(res.body, JSON.stringify(res.headers));
    return res;
  };
  const get = async (agent: Agent, url: string) => remember(await agent.request({ method: 'GET', url, headers: { host: HOST } }));

  /** The browser's way through: start, the provider's login page, back to the callback. */
  async function throughProvider(agent: Agent, provider: SocialProvider, login: Login) {
    const start = await get(agent, `/api/auth/${provider}/start`);
    expect(start.statusCode).toBe(303);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(`http://${HOST}`);
    expect(authorization.pathname).toBe('/oidc-dev/auth');
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['code_challenge', 'state', 'nonce']) expect(authorization.searchParams.get(p)?.length).toBeGreaterThanOrEqual(32);
    expect(start.cookies.find((c) => c.name === TRANSACTION_COOKIE)).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
    login.editAuthorizationUrl?.(authorization);

    const toLogin = await get(agent, authorization.pathname + authorization.search);
    expect(toLogin.statusCode).toBe(303);
    const interaction = toLogin.headers.location as string;
    const page = await get(agent, interaction);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="email"');
    const form = new URLSearchParams({ email: login.email, name: login.name ?? 'Social Learner' });
    if (login.verified !== false) form.set('email_verified', 'true');
    const loggedIn = remember(
      await agent.request({
        method: 'POST',
        url: `${interaction}/login`,
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      }),
    );
    expect(loggedIn.statusCode).toBe(303);
    const resumed = await get(agent, new URL(loggedIn.headers.location as string, `http://${HOST}`).pathname);
    const callback = provider === 'apple' ? formPostedCallback(resumed) : new URL(resumed.headers.location as string);
    expect(callback.pathname).toBe(`/api/auth/${provider}/callback`);
    login.editCallback?.(callback);
    return { callback, transaction: agent.cookie(TRANSACTION_COOKIE)! };
  }

  /** Apple answers with a page whose form posts code and state back: its fields, as a URL for the test. */
  function formPostedCallback(page: { statusCode: number; body: string }): URL {
    expect(page.statusCode).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
    const url = new URL(action!.replaceAll('&amp;', '&'));
    for (const [, name, value] of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      url.searchParams.set(name!, value!);
    }
    expect(url.searchParams.get('code')).toBeTruthy();
    return url;
  }

  /** Back to the app as the provider sends the browser: a redirect (GET) or, for Apple, a form POST. */
  async function callBack(agent: Agent, provider: SocialProvider, callback: URL) {
    if (provider !== 'apple') return get(agent, callback.pathname + callback.search);
    return remember(
      await agent.request({
        method: 'POST',
        url: callback.pathname,
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: callback.searchParams.toString(),
      }),
    );
  }

  async function socialSignIn(agent: Agent, provider: SocialProvider, login: Login) {
    const { callback, transaction } = await throughProvider(agent, provider, login);
    const res = await callBack(agent, provider, callback);
    return { res, callback, transaction };
  }

  it('"Password can only be updated for email/password users" for a social account', async () => {
    const agent = t.agent();
    await socialSignIn(agent, 'apple', { email: uniqueEmail(), name: 'Ada Apple' });
    const res = await agent.request({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { currentPassword: 'anything', newPassword: 'a brand new secret' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password can only be updated for email/password users');
    expect((await agent.request({ method: 'GET', url: '/api/user/profile' })).json()).toMatchObject({
      hasPassword: false,
      emailVerified: true,
    });
  });

  it('creates an account on first Google sign-in, with a session like password sign-in', async () => {
    const email = uniqueEmail();
    const agent = t.agent();
    const { res } = await socialSignIn(agent, 'google', { email, name: 'Grace Google' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/app/onboarding?new=1');
    expect(res.cookies.find((c) => c.name === ACCESS_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({ httpOnly: true, path: '/api' });

    const me = await agent.request({ method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, name: 'Grace Google', role: 'User', showMainOnboarding: true });

    // A social account has no password: password sign-in answers like for a wrong one.
    const password = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email, password: 'anything at all' } });
    expect(password.statusCode).toBe(401);
    expect(password.json().message).toBe(MESSAGES.signIn.incorrectCredentials);
  });

  it('finds the same account on a second sign-in, and sends a learner who finished onboarding to the dashboard', async () => {
    const email = uniqueEmail();
    const first = t.agent();
    await socialSignIn(first, 'facebook', { email });
    const uid = (await first.request({ method: 'GET', url: '/api/user' })).json().uid;

    const again = t.agent();
    const { res } = await socialSignIn(again, 'facebook', { email });
    expect(res.headers.location).toBe('/app/onboarding');
    expect((await again.request({ method: 'GET', url: '/api/user' })).json().uid).toBe(uid);

    const done = await accountCommands(t.deps).completeOnboarding(uid, 'de', 'A1');
    await t.deps.projections.waitFor(done.position!, { timeoutMs: 5000 });
    const third = await socialSignIn(t.agent(), 'facebook', { email });
    expect(third.res.headers.location).toBe('/app/dashboard');
  });

  it('stores the email and name encrypted, never in clear in the log or read model', async () => {
    const email = uniqueEmail();
    await socialSignIn(t.agent(), 'apple', { email, name: 'Zora Unmistakable' });
    const dump = await t.platform.db.raw(`
      select string_agg(x, ' ') as d from (
        select data::text || stream_id as x from es_events union all select row_to_json(u)::text from identity_users u) s`);
    expect(dump.rows[0].d).not.toContain(email);
    expect(dump.rows[0].d).not.toContain('Zora');
  });

  it.each([
    ['google', 'Error during sign-in'],
    ['facebook', 'Error during Facebook sign-in'],
    ['apple', 'Error during Apple sign-in'],
  ] as const)('redirects a tampered state to the %s error, with no session', async (provider, text) => {
    const agent = t.agent();
    const mark = logs.length;
    const { res } = await socialSignIn(agent, provider, {
      email: uniqueEmail(),
      editCallback: (url) => url.searchParams.set('state', 'x'.repeat(43)),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/app/sign-in?error=${provider}`);
    expect(res.cookies.find((c) => c.name === ACCESS_COOKIE)).toBeUndefined();
    expect(MESSAGES.signIn).toMatchObject({ [provider === 'google' ? 'error' : `${provider}Error`]: text });
    expect(logSince(mark)).toContain('\\"state\\"');
  });

  it('refuses a replayed callback (the code used twice)', async () => {
    const agent = t.agent();
    const email = uniqueEmail();
    const { res, callback, transaction } = await socialSignIn(agent, 'google', { email });
    expect(res.headers.location).toBe('/app/onboarding?new=1');
    // The attacker kept the transaction cookie and the callback URL.
    const thief = t.agent().setCookies({ [TRANSACTION_COOKIE]: transaction });
    const mark = logs.length;
    const replay = await get(thief, callback.pathname + callback.search);
    expect(replay.headers.location).toBe('/app/sign-in?error=google');
    expect(logSince(mark)).toContain('invalid_grant');
    expect(replay.cookies.find((c) => c.name === ACCESS_COOKIE)).toBeUndefined();
  });

  it('refuses a callback without its transaction cookie', async () => {
    const { callback } = await throughProvider(t.agent(), 'apple', { email: uniqueEmail() });
    const stranger = await callBack(t.agent(), 'apple', callback);
    expect(stranger.headers.location).toBe('/app/sign-in?error=apple');
  });

  it('refuses an ID token for another nonce', async () => {
    const agent = t.agent();
    const mark = logs.length;
    const { res } = await socialSignIn(agent, 'apple', {
      email: uniqueEmail(),
      editAuthorizationUrl: (url) => url.searchParams.set('nonce', 'n'.repeat(43)),
    });
    expect(res.headers.location).toBe('/app/sign-in?error=apple');
    expect(res.cookies.find((c) => c.name === ACCESS_COOKIE)).toBeUndefined();
    expect((await agent.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect(logSince(mark)).toContain('\\"nonce\\"');
  });

  describe('an email that belongs to a password account', () => {
    async function passwordAccount() {
      const email = uniqueEmail();
      const up = await t.agent().request({ method: 'POST', url: '/api/sign-up', payload: { email, password: 'correct horse battery' } });
      expect(up.statusCode).toBe(201);
      return { email, uid: up.json().user.uid as string };
    }

    it('is not merged when the provider does not vouch for the email', async () => {
      const { email } = await passwordAccount();
      const before = Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
      const agent = t.agent();
      const { res } = await socialSignIn(agent, 'google', { email, verified: false });
      expect(res.headers.location).toBe('/app/sign-in?error=google&reason=email-in-use');
      expect(res.cookies.find((c) => c.name === ACCESS_COOKIE)).toBeUndefined();
      expect(Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c)).toBe(before);
    });

    it('is linked when the provider says it verified the email', async () => {
      const { email, uid } = await passwordAccount();
      const agent = t.agent();
      const { res } = await socialSignIn(agent, 'google', { email: email.toUpperCase(), verified: true });
      expect(res.headers.location).toBe('/app/onboarding');
      expect((await agent.request({ method: 'GET', url: '/api/user' })).json().uid).toBe(uid);
      // The password still works, and the link holds even if the provider later stops vouching.
      const pw = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email, password: 'correct horse battery' } });
      expect(pw.statusCode).toBe(200);
      const later = t.agent();
      await socialSignIn(later, 'google', { email: email.toUpperCase(), verified: false });
      expect((await later.request({ method: 'GET', url: '/api/user' })).json().uid).toBe(uid);
    });
  });

  it('makes a new account for an identity whose account was deleted', async () => {
    const email = uniqueEmail();
    const agent = t.agent();
    await socialSignIn(agent, 'google', { email });
    const before = (await agent.request({ method: 'GET', url: '/api/user' })).json().uid;
    const deleted = await agent.request({ method: 'DELETE', url: '/api/user' });
    expect(deleted.statusCode).toBe(200);

    const again = t.agent();
    const { res } = await socialSignIn(again, 'google', { email });
    expect(res.headers.location).toBe('/app/onboarding?new=1');
    const after = await again.request({ method: 'GET', url: '/api/user' });
    expect(after.json()).toMatchObject({ email, showMainOnboarding: true });
    expect(after.json().uid).not.toBe(before);
  });

  it('answers an unknown provider with 404', async () => {
    const res = await get(t.agent(), '/api/auth/myspace/start');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Unknown sign-in provider');
  });

  describe('registration tracking (POST /api/meta/meta-capi)', () => {
    const tracking = () => socialOf(t.deps)!.tracking as LocalTracking;

    it('records the registration only with analytics consent', async () => {
      const agent = t.agent();
      await socialSignIn(agent, 'google', { email: uniqueEmail() });
      const uid = (await agent.request({ method: 'GET', url: '/api/user' })).json().uid;
      const mine = () => tracking().recorded.filter((e) => e.userId === uid);

      const refused = await agent.request({
        method: 'POST',
        url: '/api/meta/meta-capi',
        payload: { eventName: 'CompleteRegistration', analyticsConsent: false },
      });
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toEqual({ recorded: false });
      expect(mine()).toHaveLength(0);

      const given = await agent.request({
        method: 'POST',
        url: '/api/meta/meta-capi',
        payload: { eventName: 'CompleteRegistration', analyticsConsent: true },
      });
      expect(given.json()).toEqual({ recorded: true });
      expect(mine()).toEqual([expect.objectContaining({ eventName: 'CompleteRegistration', eventId: `CompleteRegistration-${uid}` })]);
    });

    it('needs a session and the CSRF header', async () => {
      const payload = { eventName: 'CompleteRegistration', analyticsConsent: true };
      const count = tracking().recorded.length;
      expect((await t.agent().request({ method: 'POST', url: '/api/meta/meta-capi', payload })).statusCode).toBe(401);
      const agent = t.agent();
      await socialSignIn(agent, 'google', { email: uniqueEmail() });
      expect((await agent.request({ method: 'POST', url: '/api/meta/meta-capi', payload, csrf: false })).statusCode).toBe(403);
      expect(tracking().recorded.length).toBe(count);
    });
  });

  it('never lets a client secret, token or authorization code reach the logs, nor a secret or token reach the browser', async () => {
    const { callback } = await socialSignIn(t.agent(), 'google', { email: uniqueEmail() });
    const code = callback.searchParams.get('code')!;
    const secrets = Object.values(socialOf(t.deps)!.dev.clientSecrets);
    expect(issued.length).toBeGreaterThan(0);
    expect(code.length).toBeGreaterThan(20);
    const logText = logs.join('');
    expect(logText).toContain('/api/auth/google/start'); // the logs were captured at all
    const browser = seen.join('');
    for (const secret of [...secrets, ...issued]) {
      expect(logText).not.toContain(secret);
      expect(browser).not.toContain(secret);
    }
    expect(logText).not.toContain(code);
  });
});
