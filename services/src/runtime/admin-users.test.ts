import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES, type AdminUserDetail, type AdminUserRow, type UserAnalytics } from '@verba/contracts';
import { ADMIN_ONLY } from '../platform/http/routes';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { signInSeededAdmin, signInSeededOwner, signUpVerified } from '../../test-support/contexts/identity/accounts';
import { payCheckout } from '../../test-support/contexts/billing/stripe';
import { seedIfEmpty } from './seed';
import { analyticsModule } from './modules';
import { billingModule, billingOf } from '../contexts/billing/module';
import { identityModule } from '../contexts/identity/module';
import { practiceModule } from '../contexts/practice/module';
import { vocabularyModule } from '../contexts/vocabulary/module';

const database = await preferredTestDatabase();
// Vocabulary and practice publish the facts the activity figures (analytics) are made of.
const modules = [identityModule, billingModule, vocabularyModule, practiceModule, analyticsModule];
const PASSWORD = 'Correct-horse-9';

describe(`admin users routes on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Agent;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), modules);
    const lines = await seedIfEmpty(t.deps, modules);
    admin = await signInSeededAdmin(t, lines);
    owner = await signInSeededOwner(t, lines);
    ownerId = (await owner.request({ method: 'GET', url: '/api/user' })).json().uid;
  }, 60_000);
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
  const learner = async (name = 'Ada Lovelace', email = `people-${randomUUID()}@example.org`) => ({
    email,
    ...(await signUpVerified(t, email, PASSWORD, name)),
  });
  const search = async (query: string, agent = admin) => {
    const res = await agent.request({ method: 'GET', url: `/api/admin/users?${query}` });
    return { status: res.statusCode, body: res.json() as { users: AdminUserRow[]; total: number; message?: string } };
  };
  /** Refused with this status and message, and nothing appended to the log. */
  const refused = async (call: () => Promise<{ statusCode: number; json(): { message: string } }>, status: number, message: string) => {
    const before = await eventCount();
    const res = await call();
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await eventCount()).toBe(before);
  };

  it('keeps every admin user route from learners', async () => {
    const { agent, uid } = await learner();
    for (const [method, url, payload] of [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${uid}`],
      ['PATCH', `/api/admin/users/${uid}/role`, { role: 'Admin' }],
      ['PATCH', `/api/admin/users/${uid}/disabled`, { disabled: true }],
      ['PATCH', `/api/admin/users/${uid}/subscription`, { subscription: 'master' }],
      ['DELETE', `/api/admin/users/${uid}`],
    ] as const) {
      await refused(() => agent.request({ method, url, ...(payload ? { payload } : {}) }), 403, ADMIN_ONLY);
    }
  });

  it('finds a user by whole email, by the start of any word of the name, accents ignored, and by username', async () => {
    const grete = await learner('Grete Zoë Weißmann');
    await grete.agent.request({ method: 'POST', url: '/api/user/basic-info', payload: { username: `gwz${grete.uid.slice(0, 6)}` } });
    expect((await search(`q=${encodeURIComponent(grete.email.toUpperCase())}`)).body.users.map((u) => u.uid)).toEqual([grete.uid]);
    for (const q of ['gre', 'zoe weiß', 'ZOË', `gwz${grete.uid.slice(0, 6)}`]) {
      const { body } = await search(`q=${encodeURIComponent(q)}`);
      expect(
        body.users.map((u) => u.uid),
        q,
      ).toContain(grete.uid);
    }
    expect((await search('q=gretx')).body.users.map((u) => u.uid)).not.toContain(grete.uid);
    expect((await search(`q=nobody-${randomUUID()}@example.org`)).body).toMatchObject({ users: [], total: 0 });
  });

  it('filters by role, language and sign-up date, and pages with the total', async () => {
    const admins = (await search('role=Admin&pageSize=100')).body;
    expect(admins.users.length).toBeGreaterThan(0);
    expect(admins.users.every((u) => u.role === 'Admin')).toBe(true);
    const reader = await learner('Lena Sprachen');
    await reader.agent.request({ method: 'POST', url: '/api/user/onboarding', payload: { languageCode: 'fr', level: 'B1' } });
    const french = (await search('language=fr&pageSize=100')).body.users.map((u) => u.uid);
    expect(french).toContain(reader.uid);
    expect((await search('language=ru&pageSize=100')).body.users.map((u) => u.uid)).not.toContain(reader.uid);
    expect((await search('signedUpFrom=2999-01-01')).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(`signedUpFrom=${today}&signedUpTo=${today}&pageSize=100`)).body.users.map((u) => u.uid)).toContain(reader.uid);
    const bad = await search('signedUpFrom=2026-02-01&signedUpTo=2026-01-01');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(ADMIN_USER_MESSAGES.badRange);
    const all = (await search('pageSize=2&page=1')).body;
    const second = (await search('pageSize=2&page=2')).body;
    expect(all.total).toBeGreaterThan(3);
    expect(second.total).toBe(all.total);
    expect(second.users.map((u) => u.uid)).not.toContain(all.users[0]!.uid);
  });

  it('sorts the list on the server: by sign-up either way, by role, and the most recently active first', async () => {
    const first = await learner('Sortiert Erste');
    const second = await learner('Sortiert Zweite');
    await second.agent.request({ method: 'POST', url: '/api/user/onboarding', payload: { languageCode: 'de', level: 'A2' } });
    const spent = await second.agent.request({ method: 'PATCH', url: '/api/user/time', payload: { seconds: 60, languageCode: 'de' } });
    expect(spent.statusCode, spent.body).toBe(200);
    await t.caughtUp(); // time spent answers no position to wait for
    const sorted = async (sort: string) => (await search(`sort=${sort}&pageSize=100`)).body.users;
    const place = (users: AdminUserRow[], who: { uid: string }) => users.findIndex((u) => u.uid === who.uid);

    const newest = await sorted('newest');
    expect(place(newest, second)).toBeLessThan(place(newest, first));
    const oldest = await sorted('oldest');
    expect(place(oldest, first)).toBeLessThan(place(oldest, second));
    expect(oldest.map((u) => u.creationDateStamp)).toEqual([...oldest.map((u) => u.creationDateStamp)].sort((a, b) => a - b));
    const rank = { Owner: 0, Admin: 1, User: 2 } as const;
    const byRole = (await sorted('role')).map((u) => rank[u.role]);
    expect(byRole).toEqual([...byRole].sort((a, b) => a - b));
    expect(new Set(byRole).size).toBe(3);
    // The only one with time spent comes first; those never active come after everyone active.
    const active = await sorted('lastActive');
    expect(active[0]!.uid).toBe(second.uid);
    expect(place(active, first)).toBeGreaterThan(0);
    const bad = await search('sort=name');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(ADMIN_USER_MESSAGES.sort);
  });

  it("shows a learner's activity from the read models: words known, cards, time and last activity", async () => {
    const { agent, uid } = await learner('Aktiv Anna');
    await agent.request({ method: 'POST', url: '/api/user/onboarding', payload: { languageCode: 'de', level: 'A2' } });
    expect(
      (
        await agent.request({
          method: 'POST',
          url: '/api/dictionary/add-many',
          payload: { languageCode: 'de', words: ['Haus', 'Baum', 'Hund'] },
        })
      ).statusCode,
    ).toBe(200);
    const card = await agent.request({
      method: 'POST',
      url: '/api/flashcards/one',
      payload: { languageCode: 'de', flashcard: { sourceValue: 'das Haus', targetValue: 'the house' } },
    });
    expect(card.statusCode, card.body).toBe(201);
    const review = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards',
      payload: { reviews: [{ id: card.json().id, rating: 'good' }] },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(
      (await agent.request({ method: 'PATCH', url: '/api/user/time', payload: { seconds: 600, languageCode: 'de' } })).statusCode,
    ).toBe(200);
    await t.caughtUp(); // time spent answers no position to wait for
    const today = new Date().toISOString().slice(0, 10);

    const detail = (await admin.request({ method: 'GET', url: `/api/admin/users/${uid}` })).json() as AdminUserDetail;
    expect(detail).toMatchObject({ currentLearningLanguage: 'de', languageLevels: { de: 'A2' }, timeSpent: { de: 600 } });
    expect(detail.lastActivity.de?.slice(0, 10)).toBe(today);
    const activity = await admin.request({ method: 'GET', url: `/api/admin/analytics/users?userId=${uid}` });
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json().users as UserAnalytics[]).toEqual([
      expect.objectContaining({ userId: uid, language: 'de', wordsKnown: 3, cards: 1, reviews: 1, timeSpent: 600, lastActivity: today }),
    ]);
    // Admins only: a learner cannot read anyone's activity.
    expect((await agent.request({ method: 'GET', url: `/api/admin/analytics/users?userId=${uid}` })).statusCode).toBe(403);
  });

  it('shows a learner who pays and also has a manual grant as both; taking the grant back leaves them paying', async () => {
    const { agent, uid, email } = await learner('Doppelt Dora');
    const checkout = await agent.request({
      method: 'POST',
      url: '/api/premium/checkout',
      payload: { plan: 'monthly', currency: 'eur', commandId: randomUUID() },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await payCheckout(checkout.json().url);
    await billingOf(t.deps)!.standIn!.idle();
    await t.caughtUp();
    const grant = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${uid}/subscription`,
      payload: { subscription: 'master' },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const at = `minPosition=${grant.json().position}`;
    const both = { subscription: 'master', paidSubscription: true, manualGrant: true };
    expect((await search(`q=${encodeURIComponent(email)}&${at}`)).body.users).toEqual([expect.objectContaining(both)]);
    expect((await admin.request({ method: 'GET', url: `/api/admin/users/${uid}?${at}` })).json()).toMatchObject(both);

    const back = await admin.request({ method: 'PATCH', url: `/api/admin/users/${uid}/subscription`, payload: { subscription: 'free' } });
    expect(back.statusCode, back.body).toBe(200);
    expect(
      (await admin.request({ method: 'GET', url: `/api/admin/users/${uid}?minPosition=${back.json().position}` })).json(),
    ).toMatchObject({ subscription: 'master', paidSubscription: true, manualGrant: false });
    expect((await agent.request({ method: 'GET', url: '/api/user' })).json().subscription).toBe('master');
  }, 30_000);

  it('grants Master by hand: the learner is Master at once, the lists say "manual grant", and it can be taken back', async () => {
    const { agent, uid, email } = await learner('Max Premium');
    const grant = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${uid}/subscription`,
      payload: { subscription: 'master' },
    });
    expect(grant.statusCode).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/user' })).json().subscription).toBe('master');
    const row = (await search(`q=${encodeURIComponent(email)}&minPosition=${grant.json().position}`)).body.users[0]!;
    expect(row).toMatchObject({ subscription: 'master', manualGrant: true, paidSubscription: false });
    expect((await search('subscription=master&pageSize=100')).body.users.map((u) => u.uid)).toContain(uid);
    expect((await search('subscription=free&pageSize=100')).body.users.map((u) => u.uid)).not.toContain(uid);
    const history = (await admin.request({ method: 'GET', url: `/api/admin/history/user/${uid}` })).json();
    expect(history.entries[0]).toMatchObject({ label: 'Master granted', actor: { name: 'Demo Admin' } });
    // Granting again changes nothing.
    const before = await eventCount();
    expect(
      (await admin.request({ method: 'PATCH', url: `/api/admin/users/${uid}/subscription`, payload: { subscription: 'master' } }))
        .statusCode,
    ).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(
      (await admin.request({ method: 'PATCH', url: `/api/admin/users/${uid}/subscription`, payload: { subscription: 'free' } })).statusCode,
    ).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/user' })).json().subscription).toBe('free');
    await refused(
      () => admin.request({ method: 'PATCH', url: `/api/admin/users/${randomUUID()}/subscription`, payload: { subscription: 'master' } }),
      404,
      ADMIN_USER_MESSAGES.notFound,
    );
  });

  it('lets only an Owner make or unmake admins, and never removes the last Owner', async () => {
    const { uid } = await learner('Rolf Rollen');
    await refused(
      () => admin.request({ method: 'PATCH', url: `/api/admin/users/${uid}/role`, payload: { role: 'Admin' } }),
      403,
      ADMIN_USER_MESSAGES.ownerOnly,
    );
    const promoted = await owner.request({ method: 'PATCH', url: `/api/admin/users/${uid}/role`, payload: { role: 'Admin' } });
    expect(promoted.statusCode).toBe(200);
    expect(
      (await admin.request({ method: 'GET', url: `/api/admin/users/${uid}?minPosition=${promoted.json().position}` })).json().role,
    ).toBe('Admin');
    await refused(
      () => admin.request({ method: 'PATCH', url: `/api/admin/users/${uid}/role`, payload: { role: 'User' } }),
      403,
      ADMIN_USER_MESSAGES.ownerOnly,
    );
    await refused(
      () => owner.request({ method: 'PATCH', url: `/api/admin/users/${ownerId}/role`, payload: { role: 'Admin' } }),
      409,
      ADMIN_USER_MESSAGES.lastOwner,
    );
    const boss = await owner.request({ method: 'PATCH', url: `/api/admin/users/${uid}/role`, payload: { role: 'Boss' } });
    expect(boss.statusCode).toBe(400);
    expect(boss.json().message).toMatch(/User.*Admin.*Owner/);
    // With a second Owner the first may step down.
    const second = await owner.request({ method: 'PATCH', url: `/api/admin/users/${uid}/role`, payload: { role: 'Owner' } });
    expect(second.statusCode).toBe(200);
    expect((await owner.request({ method: 'PATCH', url: `/api/admin/users/${uid}/role`, payload: { role: 'User' } })).statusCode).toBe(200);
  });

  it("deletes an account with the user's own erasure: gone from every admin view, and only an Owner deletes an admin", async () => {
    const gone = await learner('Vera Vergessen');
    await refused(() => admin.request({ method: 'DELETE', url: `/api/admin/users/${ownerId}` }), 403, ADMIN_USER_MESSAGES.ownerOnlyDelete);
    await refused(() => owner.request({ method: 'DELETE', url: `/api/admin/users/${ownerId}` }), 403, ADMIN_USER_MESSAGES.deleteSelf);
    await refused(() => admin.request({ method: 'DELETE', url: `/api/admin/users/${randomUUID()}` }), 404, ADMIN_USER_MESSAGES.notFound);
    const res = await admin.request({ method: 'DELETE', url: `/api/admin/users/${gone.uid}` });
    expect(res.statusCode).toBe(200);
    const after = `minPosition=${res.json().position}`;
    expect((await admin.request({ method: 'GET', url: `/api/admin/users/${gone.uid}?${after}` })).statusCode).toBe(404);
    expect((await search(`q=${encodeURIComponent(gone.email)}&${after}`)).body.total).toBe(0);
    expect((await search(`q=vergessen&${after}`)).body.total).toBe(0);
    expect((await search(`pageSize=100&${after}`)).body.users.map((u) => u.uid)).not.toContain(gone.uid);
    expect((await gone.agent.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const signIn = await t.agent().request({ method: 'POST', url: '/api/sign-in', payload: { email: gone.email, password: PASSWORD } });
    expect(signIn.statusCode).toBe(401);
    const index = await t.platform.db('identity_name_index').where({ user_id: gone.uid }).count({ n: '*' }).first();
    expect(Number(index?.n)).toBe(0);
  });

  it("disables and enables an account, but not the caller's own", async () => {
    const { uid } = await learner('Dora Disabled');
    const off = await admin.request({ method: 'PATCH', url: `/api/admin/users/${uid}/disabled`, payload: { disabled: true } });
    expect(off.statusCode).toBe(200);
    expect(
      (await admin.request({ method: 'GET', url: `/api/admin/users/${uid}?minPosition=${off.json().position}` })).json().disabled,
    ).toBe(true);
    expect(
      (await admin.request({ method: 'PATCH', url: `/api/admin/users/${uid}/disabled`, payload: { disabled: false } })).statusCode,
    ).toBe(200);
    await refused(
      () => owner.request({ method: 'PATCH', url: `/api/admin/users/${ownerId}/disabled`, payload: { disabled: true } }),
      403,
      ADMIN_USER_MESSAGES.disableSelf,
    );
  });

  it('leaves disabling an admin to an Owner, like deleting or demoting one, and never disables the Owner', async () => {
    const other = await learner('Adam Admin');
    const promoted = await owner.request({ method: 'PATCH', url: `/api/admin/users/${other.uid}/role`, payload: { role: 'Admin' } });
    expect(promoted.statusCode).toBe(200);
    await admin.request({ method: 'GET', url: `/api/admin/users/${other.uid}?minPosition=${promoted.json().position}` });
    await refused(
      () => admin.request({ method: 'PATCH', url: `/api/admin/users/${other.uid}/disabled`, payload: { disabled: true } }),
      403,
      ADMIN_USER_MESSAGES.ownerOnlyDisable,
    );
    await refused(
      () => admin.request({ method: 'PATCH', url: `/api/admin/users/${ownerId}/disabled`, payload: { disabled: true } }),
      403,
      ADMIN_USER_MESSAGES.ownerDisable,
    );
    expect((await other.agent.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200); // still signed in
    const off = await owner.request({ method: 'PATCH', url: `/api/admin/users/${other.uid}/disabled`, payload: { disabled: true } });
    expect(off.statusCode).toBe(200);
    await admin.request({ method: 'GET', url: `/api/admin/users/${other.uid}?minPosition=${off.json().position}` });
    await refused(
      () => admin.request({ method: 'PATCH', url: `/api/admin/users/${other.uid}/disabled`, payload: { disabled: false } }),
      403,
      ADMIN_USER_MESSAGES.ownerOnlyDisable,
    );
    expect(
      (await owner.request({ method: 'PATCH', url: `/api/admin/users/${other.uid}/disabled`, payload: { disabled: false } })).statusCode,
    ).toBe(200);
  });
});
