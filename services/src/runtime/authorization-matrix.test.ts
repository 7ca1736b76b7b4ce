/**
 * The authorization matrix, generated from the contracts route table: every route called as anonymous, as
 * a learner on admin routes, as an admin, and as learner B on learner A's private article, private series,
 * flashcard, account and billing customer. What each route may do is declared once in test-support/security/route-access.ts;
 * a route without a declaration fails here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '@verba/contracts/http';
import { z } from 'zod';
import { ADMIN_ONLY } from '../platform/http/routes';
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


  const signUp = (email: string) => signUpVerified(t, email, 'Correct-horse-9', 'Matrix Learner');

  beforeAll(async () => {
    t = await createTestApp(await database.create(), allModules);
    admin = await signInSeededAdmin(t, await seedIfEmpty(t.deps, allModules));
    a = await signUp(`a-${randomUUID()}@example.org`);
    b = await signUp(`b-${randomUUID()}@example.org`);

    const article = await a.agent.request({
      method: 'POST',
      url: '/api/articles/create',
      payload: { languageCode: 'de', name: `Privat ${secret}`, category: 'Travel', generalDifficulty: 'A2', content: `Mein ${secret} ist privat.`, isPrivate: true },
    });
    expect(article.statusCode, article.body).toBe(201);
    owned['private-article'] = article.json().article.id;
    const series = await a.agent.request({ method: 'POST', url: '/api/series/create', payload: { languageCode: 'fr', title: `Série ${secret}`, isPrivate: true } });
    expect(series.statusCode, series.body).toBe(201);
    owned['private-series'] = series.json().series.id;
    const card = await a.agent.request({ method: 'POST', url: '/api/flashcards/one', payload: { languageCode: 'de', flashcard: { sourceValue: secret, targetValue: 'secret' } } });
    expect(card.statusCode, card.body).toBe(201);
    owned.flashcard = card.json().id;
    owned.user = a.uid;
    const checkout = await a.agent.request({ method: 'POST', url: '/api/premium/checkout', payload: { plan: 'monthly', currency: 'eur', commandId: randomUUID() } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await t.caughtUp();
    owned['billing-customer'] = (await a.agent.request({ method: 'GET', url: '/api/premium/subscription-data' })).json().customerId;
  }, 120_000);

  afterAll(async () => t?.close());

  it('declares every route once, admin routes as admin, and probes every route that takes an owned id', () => {
    const keys = contractRoutes.map((r) => r.key);
    expect(keys.filter((k) => !(k in ROUTE_ACCESS)), 'routes without a declaration').toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((k) => !keys.includes(k)), 'declarations of routes that do not exist').toEqual([]);
    for (const { key, route } of contractRoutes) {
      const declared = ROUTE_ACCESS[key]!;
      if (route.access === 'admin') expect(declared.kind, key).toBe('admin');
      else expect(declared.kind, key).not.toBe('admin');
      const ids = inputNames(route).filter((n) => (OWNED_ID_FIELDS as readonly string[]).includes(n));
      if (route.access !== 'admin' && ids.length > 0) expect(declared.kind, `${key} takes ${ids.join(', ')}`).toBe('probe');
    }
    const probes = Object.values(ROUTE_ACCESS).filter((d) => d.kind === 'probe').length;
    console.log(`authorization matrix: ${contractRoutes.length} routes x 4 roles (anonymous, learner, admin, another learner on ${probes} probes)`);
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

  it("never shows or changes learner A's private article, series, flashcard or account to learner B", async () => {
    const wrong: string[] = [];
    // Answered probes last: one may create something of B's own under A's id (cards are per learner), which
    // must not turn a later probe's "not found" into B acting on B's own thing.
    const probes = Object.entries(ROUTE_ACCESS).sort(([, x], [, y]) => Number(x.kind === 'probe' && x.expect === 'no-leak') - Number(y.kind === 'probe' && y.expect === 'no-leak'));
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
    const cards = (await a.agent.request({ method: 'GET', url: '/api/flashcards?languageCode=de' })).json().flashcards as { id: string; sourceValue: string }[];
    expect(cards.find((c) => c.id === owned.flashcard)).toMatchObject({ sourceValue: secret });
  });
});
