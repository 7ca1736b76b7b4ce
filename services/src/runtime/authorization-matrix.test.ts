/**
 * The authorization matrix, generated from the contracts route table: every route called as anonymous, as
 * a learner on admin routes, as an admin, and as learner B on learner A's private article, private series,
 * flashcard, account, billing customer and A's forum discussion of the private article. What each route may do is declared once in test-support/security/route-access.ts;
 * a route without a declaration fails here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '@verba/contracts/http';
import { z } from 'zod';
import { ADMIN_ONLY, CSRF_COOKIE } from '../platform/http/routes';
import { USER_DATA_KEYS } from '../platform/personal-data/keys';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../contexts/identity/domain/sessions';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { contractRoutes } from '../../test-support/security/route-table';
import { OWNED_ID_FIELDS, ROUTE_ACCESS, type Call, type Resource } from '../../test-support/security/route-access';
import { signInSeededAdmin, signUpVerified } from '../../test-support/contexts/identity/accounts';
import { appendedBy } from '../../test-support/platform/whole-log';
import { allModules } from './modules';
import { seedIfEmpty } from './seed';

const database = await preferredTestDatabase();

/** Top-level input names of a route (params, query, body). */
function inputNames(route: RouteDef): string[] {
  const names = (schema: z.ZodType | undefined) => {
    if (!schema) return [];
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    return Object.keys(json.properties ?? {});
  };
  return [...names(route.params), ...names(route.query), ...names(route.body)];
}

/** The route's path with every parameter filled by a fresh UUID, and an empty JSON body on writes. */
function plainCall(route: RouteDef): Call {
  const url = route.path.replace(/:[A-Za-z0-9_]+/g, () => randomUUID());
  return route.method === 'GET' ? { method: 'GET', url } : { method: route.method, url, payload: {} };
}

describe(`authorization matrix over every route on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  let a: { agent: Agent; uid: string };
  let b: { agent: Agent; uid: string };
  const secret = `Geheimnis${randomUUID().slice(0, 8)}`;
  const owned = {} as Record<Resource, string>;
  const declaredRoutes = contractRoutes.filter(({ key }) => key in ROUTE_ACCESS);

  async function send(agent: Agent, call: Call) {
    const requestId = `matrix-${randomUUID()}`;
    const res = await agent.request({ method: call.method, url: call.url, payload: call.payload, headers: { 'x-request-id': requestId } });
    return { res, requestId };
  }

  const PASSWORD = 'Correct-horse-9';
  const signUp = (email: string) => signUpVerified(t, email, PASSWORD, 'Matrix Learner');

  beforeAll(async () => {
    t = await createTestApp(await database.create(), allModules);
    admin = await signInSeededAdmin(t, await seedIfEmpty(t.deps, allModules));
    a = await signUp(`a-${randomUUID()}@example.org`);
    b = await signUp(`b-${randomUUID()}@example.org`);

    const article = await a.agent.request({
      method: 'POST',
      url: '/api/articles/create',
      payload: {
        languageCode: 'de',
        name: `Privat ${secret}`,
        category: 'Travel',
        generalDifficulty: 'A2',
        content: `Mein ${secret} ist privat.`,
        isPrivate: true,
      },
    });
    expect(article.statusCode, article.body).toBe(201);
    owned['private-article'] = article.json().article.id;
    await t.caughtUp();
    const discussion = await a.agent.request({
      method: 'POST',
      url: '/api/forum/threads',
      payload: {
        commandId: randomUUID(),
        language: 'de',
        title: `Frage ${secret}`,
        body: `Was heißt ${secret}?`,
        attachedTo: { kind: 'article', targetId: owned['private-article'] },
      },
    });
    expect(discussion.statusCode, discussion.body).toBe(201);
    owned['private-article-thread'] = discussion.json().threadId;
    owned['private-article-post'] = discussion.json().postId;
    const series = await a.agent.request({
      method: 'POST',
      url: '/api/series/create',
      payload: { languageCode: 'fr', title: `Série ${secret}`, isPrivate: true },
    });
    expect(series.statusCode, series.body).toBe(201);
    owned['private-series'] = series.json().series.id;
    const card = await a.agent.request({
      method: 'POST',
      url: '/api/flashcards/one',
      payload: { languageCode: 'de', flashcard: { sourceValue: secret, targetValue: 'secret' } },
    });
    expect(card.statusCode, card.body).toBe(201);
    owned.flashcard = card.json().id;
    owned.user = a.uid;
    const checkout = await a.agent.request({
      method: 'POST',
      url: '/api/premium/checkout',
      payload: { plan: 'monthly', currency: 'eur', commandId: randomUUID() },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await t.caughtUp();
    owned['billing-customer'] = (await a.agent.request({ method: 'GET', url: '/api/premium/subscription-data' })).json().stripeCustomerId;
  }, 120_000);

  afterAll(async () => t?.close());

  it('declares every route once, admin routes as admin, and probes every route that takes an owned id', () => {
    const keys = contractRoutes.map((r) => r.key);
    expect(
      keys.filter((k) => !(k in ROUTE_ACCESS)),
      'routes without a declaration',
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_ACCESS).filter((k) => !keys.includes(k)),
      'declarations of routes that do not exist',
    ).toEqual([]);
    for (const { key, route } of contractRoutes) {
      const declared = ROUTE_ACCESS[key]!;
      if (route.access === 'admin') expect(declared.kind, key).toBe('admin');
      else expect(declared.kind, key).not.toBe('admin');
      const ids = inputNames(route).filter((n) => (OWNED_ID_FIELDS as readonly string[]).includes(n));
      if (route.access !== 'admin' && ids.length > 0) expect(declared.kind, `${key} takes ${ids.join(', ')}`).toBe('probe');
    }
    const probes = Object.values(ROUTE_ACCESS).filter((d) => d.kind === 'probe').length;
    console.log(
      `authorization matrix: ${contractRoutes.length} routes x 4 roles (anonymous, learner, admin, another learner on ${probes} probes)`,
    );
  });

  it('answers 401 to anonymous callers on every route that needs a session, and never 401/403/5xx on public ones', async () => {
    const anonymous = t.agent();
    for (const { key, route } of declaredRoutes) {
      const { res, requestId } = await send(anonymous, plainCall(route));
      if (route.access === 'public') {
        expect([401, 403], key).not.toContain(res.statusCode);
        expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
      } else {
        expect(res.statusCode, `${key}: ${res.body}`).toBe(401);
        expect(await appendedBy(t.platform.db, requestId), key).toBe(0);
      }
    }
  });

  it('refuses learners on every admin route with the admin message, appending nothing', async () => {
    for (const { key, route } of declaredRoutes.filter((r) => r.route.access === 'admin')) {
      const { res, requestId } = await send(b.agent, plainCall(route));
      expect(res.statusCode, `${key}: ${res.body}`).toBe(403);
      expect(res.json().message, key).toBe(ADMIN_ONLY);
      expect(await appendedBy(t.platform.db, requestId), key).toBe(0);
    }
  });

  it('lets admins past access control on every admin route (the request itself may still be invalid)', async () => {
    for (const { key, route } of declaredRoutes.filter((r) => r.route.access === 'admin')) {
      const { res } = await send(admin, plainCall(route));
      expect([401, 403], `${key}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
    }
  });

  it("never shows or changes learner A's private article (nor its discussion), series, flashcard or account to learner B", async () => {
    const wrong: string[] = [];
    // Answered probes last: one may create something of B's own under A's id (cards are per learner), which
    // must not turn a later probe's "not found" into B acting on B's own thing.
    const probes = Object.entries(ROUTE_ACCESS).sort(
      ([, x], [, y]) => Number(x.kind === 'probe' && x.expect === 'no-leak') - Number(y.kind === 'probe' && y.expect === 'no-leak'),
    );
    for (const [key, declared] of probes) {
      if (declared.kind !== 'probe') continue;
      const { res, requestId } = await send(b.agent, declared.call(owned[declared.resource]));
      const allowed = declared.expect === 'no-leak' ? res.statusCode < 500 : declared.expect.includes(res.statusCode as 403 | 404);
      if (!allowed) wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      if (res.statusCode >= 400 && (await appendedBy(t.platform.db, requestId)) > 0) wrong.push(`${key}: refused, but appended events`);
      if (res.body.includes(secret)) wrong.push(`${key}: shows A's text`);
    }
    expect(wrong).toEqual([]);
    await t.caughtUp();
    const article = await a.agent.request({ method: 'GET', url: `/api/articles/${owned['private-article']}` });
    expect(article.statusCode).toBe(200);
    expect(article.json()).toMatchObject({ name: `Privat ${secret}` });
    const series = await a.agent.request({ method: 'GET', url: `/api/series/${owned['private-series']}` });
    expect(series.json()).toMatchObject({ title: `Série ${secret}` });
    const cards = (await a.agent.request({ method: 'GET', url: '/api/flashcards?languageCode=de' })).json().flashcards as {
      id: string;
      sourceValue: string;
    }[];
    expect(cards.find((c) => c.id === owned.flashcard)).toMatchObject({ sourceValue: secret });
    const thread = (await a.agent.request({ method: 'GET', url: `/api/forum/threads/${owned['private-article-thread']}` })).json();
    expect(thread).toMatchObject({
      thread: { title: `Frage ${secret}`, subscribed: false },
      total: 1,
      posts: [{ id: owned['private-article-post'], upvotes: 0, deleted: false }],
    });
  });

  it("answers admins' reads with no secret: no password, hash, session, data key or Stripe key, no email of a deleted account", async () => {
    // A learner who joined the mailing list, then an admin deleted the account: their address must be gone everywhere.
    const goneEmail = `gone-${randomUUID()}@example.org`;
    const gone = await signUp(goneEmail);
    expect(
      (await gone.agent.request({ method: 'POST', url: '/api/brevo/create-user', payload: { email: goneEmail, name: 'Gone Learner' } }))
        .statusCode,
    ).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/users/${gone.uid}` })).statusCode).toBe(200);
    await t.caughtUp();
    // The mailing list forgets the contact through a reactor that follows the log.
    await expect
      .poll(async () => (await admin.request({ method: 'GET', url: '/api/admin/brevo/calls' })).body.includes(goneEmail), {
        timeout: 15_000,
      })
      .toBe(false);

    const db = t.platform.db;
    const account = await db('identity_users').where({ user_id: a.uid }).first('email_hash', 'email_enc', 'name_enc', 'password_enc');
    const sessions: { id: string; refresh_hash: string }[] = await db('identity_sessions')
      .where({ user_id: a.uid })
      .select('id', 'refresh_hash');
    const dataKey = (await db(USER_DATA_KEYS).where({ user_id: a.uid }).first('data_key')).data_key as Buffer;
    expect(sessions.length).toBeGreaterThan(0);
    const secrets = [
      PASSWORD,
      goneEmail,
      t.deps.config.SECRET_KEY,
      ...Object.values(account as Record<string, string | null>),
      ...sessions.flatMap((x) => [x.id, x.refresh_hash]),
      ...[ACCESS_COOKIE, REFRESH_COOKIE, CSRF_COOKIE].map((name) => a.agent.cookie(name)!),
      dataKey.toString('base64'),
      dataKey.toString('base64url'),
      dataKey.toString('hex'),
    ].filter((x): x is string => typeof x === 'string' && x.length > 0);
    const patterns = [/\$argon2/, /\b(sk|rk)_(test|live)_/, /\bwhsec_/];

    // Every admin read, with real ids where it takes one (the seeded course and chapter, A's account and article).
    const courses = (await admin.request({ method: 'GET', url: '/api/admin/courses' })).json() as {
      languages: { course: { id: string } | null }[];
    };
    const courseId = courses.languages.find((l) => l.course)!.course!.id;
    const course = (await admin.request({ method: 'GET', url: `/api/admin/courses/${courseId}` })).json() as {
      lessons: { chaptersOrder: { id: string }[] }[];
    };
    const params: Record<string, string> = {
      userId: a.uid,
      articleId: owned['private-article'],
      entity: 'user',
      id: a.uid,
      targetKind: 'article',
      targetId: owned['private-article'],
      courseId,
      chapterId: course.lessons[0]!.chaptersOrder[0]!.id,
    };
    const announcement = await admin.request({
      method: 'POST',
      url: '/api/admin/announcements',
      payload: { visibleTo: 'all', content: { blocks: [{ type: 'paragraph', data: { text: 'Hallo' } }] }, dismissBehavior: 'temporary' },
    });
    expect(announcement.statusCode, announcement.body).toBe(201);
    await t.caughtUp();
    // Routes whose `:id` is not a user's.
    const paths: Record<string, string> = {
      'GET /api/admin/announcements/:id': `/api/admin/announcements/${(announcement.json() as { id: string }).id}`,
      'GET /api/admin/series/:seriesId': `/api/admin/series/${owned['private-series']}`,
    };
    const queries: Record<string, string> = {
      'GET /api/admin/users': 'pageSize=100',
      'GET /api/admin/analytics/users': `userId=${a.uid}`,
      'GET /api/translation-ai/prompts/history': 'kind=translation',
      'GET /api/admin/word-families': 'languageCode=de&word=ging',
    };
    const reads = declaredRoutes.filter(({ route }) => route.access === 'admin' && route.method === 'GET');
    const wrong: string[] = [];
    for (const { key, route } of reads) {
      const path = paths[key] ?? route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => params[name] ?? `<no value for ${name}>`);
      const res = await admin.request({ method: 'GET', url: queries[key] ? `${path}?${queries[key]}` : path });
      if (res.statusCode !== 200) wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      const leaked = [...secrets.filter((x) => res.body.includes(x)), ...patterns.filter((x) => x.test(res.body))];
      if (leaked.length) wrong.push(`${key}: shows ${leaked.length} secret(s)`);
    }
    expect(wrong).toEqual([]);
    expect(reads.length).toBeGreaterThan(20);
  });
});
