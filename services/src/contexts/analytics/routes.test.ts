import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@verba/contracts';
import { History, composedAnalyticsModule, uuidOf } from '../../../test-support/analytics-history';
import { testClock } from '../../../test-support/platform/clock';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { rangeOf } from './routes';

describe('the date range of the analytics routes', () => {
  const now = new Date('2026-10-15T12:00:00Z');

  it('defaults to the 30 days ending today (UTC), both included', () => {
    expect(rangeOf({}, now)).toEqual({ from: '2026-09-16', to: '2026-10-15' });
    expect(rangeOf({ to: '2026-03-01' }, now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('refuses a start after the end, and more than 3 years, with the message the admin sees', () => {
    expect(() => rangeOf({ from: '2026-10-02', to: '2026-10-01' }, now)).toThrow(ANALYTICS_MESSAGES.badRange);
    expect(() => rangeOf({ from: '2020-01-01', to: '2026-10-01' }, now)).toThrow(ANALYTICS_MESSAGES.rangeTooLong);
    expect(rangeOf({ from: '2026-10-01', to: '2026-10-01' }, now)).toEqual({ from: '2026-10-01', to: '2026-10-01' });
  });
});

const database = await preferredTestDatabase();
const ana = uuidOf(1);
const ben = uuidOf(2);
const cleo = uuidOf(3);
const dan = uuidOf(4);
const art = (n: number) => uuidOf(100 + n);

/**
 * Ana and Ben join German on 1 July and read that day; Ana never comes back, Ben reads again on 14 and
 * 28 July. Cleo learns Spanish from 10 July (a read, ten minutes, a word, a chapter); Dan French from 20 July.
 */
const history = () =>
  new History()
    .registered(ana, '2026-07-01T08:00:00Z')
    .onboarded(ana, 'de', '2026-07-01T08:00:00Z')
    .read(ana, art(1), 'de', '2026-07-01T09:00:00Z')
    .registered(ben, '2026-07-01T08:00:00Z')
    .onboarded(ben, 'de', '2026-07-01T08:00:00Z')
    .read(ben, art(1), 'de', '2026-07-01T09:00:00Z')
    .read(ben, art(2), 'de', '2026-07-14T09:00:00Z')
    .read(ben, art(3), 'de', '2026-07-28T09:00:00Z')
    .registered(cleo, '2026-07-10T08:00:00Z')
    .onboarded(cleo, 'es', '2026-07-10T08:00:00Z')
    .read(cleo, art(4), 'es', '2026-07-10T09:00:00Z')
    .time(cleo, 'es', 600, '2026-07-12T09:00:00Z')
    .word(cleo, 'es', 'casa', 'known', '2026-07-12T09:01:00Z')
    .chapter(cleo, uuidOf(50), '2026-07-12T10:00:00Z')
    .registered(dan, '2026-07-20T08:00:00Z')
    .onboarded(dan, 'fr', '2026-07-20T08:00:00Z')
    .read(dan, art(5), 'fr', '2026-07-21T09:00:00Z');

describe(`admin analytics routes on ${database.label}`, () => {
  const clock = testClock('2026-07-31T12:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, await composedAnalyticsModule()], { now: () => clock.date() });
    for (const { streamId, event } of history().appends) await t.deps.store.append(streamId, [event], 'any');
    await t.caughtUp();
  });
  afterAll(async () => t?.close());

  const admin = () => t.agent().setCookies(testUserCookies(randomUUID(), 'Admin'));
  const get = async (url: string) => {
    const res = await admin().request({ method: 'GET', url });
    return { status: res.statusCode, type: res.headers['content-type'], body: res.json() };
  };
  const refused = async (url: string, message: string) =>
    expect(await get(url), url).toMatchObject({
      status: 400,
      type: expect.stringContaining('application/problem+json'),
      body: { message },
    });

  describe('language analytics', () => {
    it('answers one language when one is picked, with the same figures as among all four', async () => {
      const spanish = {
        language: 'es',
        totalUsers: 1,
        totalPremiumUsers: 0,
        totalActiveUsers: 1,
        totalNewUsers: 1,
        totalReads: 1,
        totalChapters: 1,
        timeSpent: 600,
        totalArticles: 1,
        chapters: 1,
        averages: { reads: 1, chapters: 1, timeSpent: 600 },
      };
      const one = await get('/api/admin/analytics/languages?from=2026-07-01&to=2026-07-31&language=es');
      expect(one).toMatchObject({ status: 200, body: { from: '2026-07-01', to: '2026-07-31', languages: [spanish] } });
      const all = (await get('/api/admin/analytics/languages?from=2026-07-01&to=2026-07-31')).body.languages as { language: string }[];
      expect(all.map((l) => l.language)).toEqual(['de', 'fr', 'es', 'ru']);
      expect(all.find((l) => l.language === 'es')).toEqual(spanish);
      expect((await get('/api/admin/analytics/languages?from=2026-07-01&to=2026-07-09&language=es')).body.languages).toEqual([
        expect.objectContaining({ language: 'es', totalUsers: 0, totalReads: 0 }),
      ]);
    });

    it('refuses an unknown language, a bad date and a range that ends before it starts, each with its message', async () => {
      await refused('/api/admin/analytics/languages?language=xx', ANALYTICS_MESSAGES.badLanguage);
      await refused('/api/admin/analytics/languages?from=2026-7-1', ANALYTICS_MESSAGES.badDay);
      await refused('/api/admin/analytics/languages?from=2026-07-31&to=2026-07-01', ANALYTICS_MESSAGES.badRange);
      await refused('/api/admin/analytics/languages?from=2023-01-01&to=2026-07-01&language=de', ANALYTICS_MESSAGES.rangeTooLong);
    });
  });

  describe('user analytics', () => {
    const users = async (query: string) => {
      const res = await get(`/api/admin/analytics/users?${query}`);
      expect(res.status, query).toBe(200);
      return res.body as {
        total: number;
        users: { userId: string; reads: number; wordsKnown: number; timeSpent: number; lastActivity: string | null }[];
      };
    };
    const of = (body: Awaited<ReturnType<typeof users>>, userId: string) => body.users.find((u) => u.userId === userId);

    it('within a date range: the users who had joined by its end, and what they did in it', async () => {
      const early = await users('language=de&from=2026-07-01&to=2026-07-13');
      expect(early.total).toBe(2);
      expect(of(early, ben)).toMatchObject({ reads: 1, lastActivity: '2026-07-01' });
      const late = await users('language=de&from=2026-07-14&to=2026-07-31');
      expect(of(late, ben)).toMatchObject({ reads: 2, lastActivity: '2026-07-28' });
      expect(of(late, ana)).toMatchObject({ reads: 0, lastActivity: null });
      // By 5 July only Ana and Ben had joined any language; the range defaults to the 30 days up to `to`.
      expect((await users('to=2026-07-05')).users.map((u) => u.userId).sort()).toEqual([ana, ben]);
      // Words stand as they are now, whatever the range.
      expect(of(await users('language=es&from=2026-07-20&to=2026-07-31'), cleo)).toMatchObject({
        reads: 0,
        timeSpent: 0,
        wordsKnown: 1,
        lastActivity: null,
      });
    });

    it('without dates, the whole history (the admin user page)', async () => {
      expect(of(await users(`userId=${ben}`), ben)).toMatchObject({ reads: 3, lastActivity: '2026-07-28' });
      expect((await users('')).total).toBe(4);
    });

    it('refuses a bad range or language with its message', async () => {
      await refused('/api/admin/analytics/users?from=2026-07-31&to=2026-07-01', ANALYTICS_MESSAGES.badRange);
      await refused('/api/admin/analytics/users?to=2026-07-32', ANALYTICS_MESSAGES.badDay);
      await refused('/api/admin/analytics/users?language=German', ANALYTICS_MESSAGES.badLanguage);
    });
  });

  /** Today's row of the historical analytics in German, today being the app's clock (no dates asked). */
  const today = async (iso: string) => {
    clock.set(iso);
    const { body } = await get('/api/admin/analytics/history?language=de');
    expect(body.to).toBe(iso.slice(0, 10));
    return body.rows.at(-1);
  };

  describe('inactive buckets and returning users at their boundaries, on the app clock', () => {
    it('last active 13 days ago is not inactive; 14 is mid-term; 59 still mid-term; 60 long-term', async () => {
      expect(await today('2026-07-14T23:59:59Z')).toMatchObject({
        period: '2026-07-14',
        midTermInactiveUsers: 0,
        longTermInactiveUsers: 0,
      }); // Ana: 13 days
      expect(await today('2026-07-15T00:00:00Z')).toMatchObject({
        period: '2026-07-15',
        midTermInactiveUsers: 1,
        longTermInactiveUsers: 0,
      }); // Ana: 14 days
      expect(await today('2026-08-29T12:00:00Z')).toMatchObject({ midTermInactiveUsers: 2, longTermInactiveUsers: 0 }); // Ana 59, Ben 32
      expect(await today('2026-08-30T00:00:01Z')).toMatchObject({ midTermInactiveUsers: 1, longTermInactiveUsers: 1 }); // Ana 60
    });

    it('returning: active again after 14 or more days away; after 13 days not', async () => {
      expect(await today('2026-07-14T12:00:00Z')).toMatchObject({ activeUsers: 1, returningUsers: 0, reads: 1 }); // Ben after 13 days
      expect(await today('2026-07-28T12:00:00Z')).toMatchObject({ activeUsers: 1, returningUsers: 1, reads: 1 }); // Ben after 14 days
    });

    it("this month's statistics count the inactive as of today, not as of the month's last day", async () => {
      const august = async (iso: string) => {
        clock.set(iso);
        const { body } = await get('/api/admin/analytics/monthly-statistics');
        expect(body.rows).toHaveLength(12);
        return body.rows.at(-1);
      };
      // Every language: Ana last active 1 July, Ben 28 July, Cleo 12 July, Dan 21 July.
      expect(await august('2026-08-29T12:00:00Z')).toMatchObject({
        period: '2026-08-01',
        midTermInactiveUsers: 4,
        longTermInactiveUsers: 0,
      });
      expect(await august('2026-08-30T12:00:00Z')).toMatchObject({
        period: '2026-08-01',
        midTermInactiveUsers: 3,
        longTermInactiveUsers: 1,
      });
      // A past month is seen at its last day, 31 July: Ana 30 days away, Cleo 19.
      clock.set('2026-10-15T12:00:00Z');
      const { body } = await get('/api/admin/analytics/monthly-statistics?month=2026-07');
      expect(body.rows.at(-1)).toMatchObject({
        period: '2026-07-01',
        activeUsers: 4,
        newUsers: 4,
        midTermInactiveUsers: 2,
        longTermInactiveUsers: 0,
        reads: 6,
        chapters: 1,
        timeSpent: 600,
      });
    });
  });
});
