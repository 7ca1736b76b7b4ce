import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '../../../platform/db/knex';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../../../test-support/platform/databases';
import { History, composedAnalyticsProjection, uuidOf } from '../../../../test-support/analytics-history';
import { AnalyticsQueries } from '../queries';

/** Given the events of a history, then the figures the admin pages show (spec §3 Language analytics). */
const pgProbe = await probeRealPostgres();
const projection = await composedAnalyticsProjection();
const live = (logical: string) => logical;

const ana = uuidOf(1);
const ben = uuidOf(2);
const cleo = uuidOf(3);
const art = (n: number) => uuidOf(100 + n);

describe.skipIf(!pgProbe.available)('analytics projection: given events, then figures', () => {
  let database: TestDatabase;
  let db: Knex;
  const queries = () => new AnalyticsQueries(db);

  beforeAll(async () => {
    database = await createRealTestDatabase();
    db = createKnex(database.connectionString, { poolSize: 4 });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  afterEach(async () => {
    for (const table of projection.tables) await db.schema.dropTableIfExists(table);
  });

  /** Applies the history in batches of `batch` events, as the runner would. */
  async function given(history: History, batch = 1000) {
    await db.transaction((trx) => projection.setup(trx, live));
    const events = history.recorded();
    for (let i = 0; i < events.length; i += batch) {
      await db.transaction((trx) => projection.apply(events.slice(i, i + batch), { trx, t: live }));
    }
  }

  const history = () =>
    new History()
      .registered(ana, '2026-09-01T08:00:00Z')
      .onboarded(ana, 'de', '2026-09-01T08:01:00Z')
      .registered(ben, '2026-09-20T08:00:00Z')
      .onboarded(ben, 'de', '2026-09-20T08:05:00Z')
      .registered(cleo, '2026-09-25T08:00:00Z')
      .onboarded(cleo, 'fr', '2026-09-25T08:05:00Z')
      .subscription(ana, 'Started', 'active', '2026-09-02T10:00:00Z')
      .read(ana, art(1), 'de', '2026-10-01T09:00:00Z')
      .time(ana, 'de', 900, '2026-10-01T09:15:00Z')
      .read(ana, art(2), 'de', '2026-10-02T09:00:00Z')
      .read(ben, art(1), 'de', '2026-10-02T10:00:00Z')
      .chapter(ben, uuidOf(50), '2026-10-02T11:00:00Z')
      .chapter(ana, uuidOf(50), '2026-10-03T11:00:00Z')
      .review(ana, uuidOf(60), 'de', '2026-10-03T12:00:00Z')
      .review(ana, uuidOf(60), 'de', '2026-10-04T12:00:00Z')
      .word(ana, 'de', 'Haus', 'known', '2026-10-03T12:30:00Z')
      .word(ana, 'de', 'Baum', 'uncertain', '2026-10-03T12:31:00Z')
      .word(ana, 'de', 'Baum', 'known', '2026-10-04T12:31:00Z')
      .word(ana, 'de', 'Hund', 'known', '2026-10-04T12:32:00Z')
      .word(ana, 'de', 'Hund', 'new', '2026-10-04T12:33:00Z')
      .time(cleo, 'fr', 600, '2026-10-04T12:00:00Z');

  it('language analytics: users, premium, active, new, reads, chapters, time, articles, averages', async () => {
    await given(history());
    const [de, fr, es] = await queries().languages('2026-10-01', '2026-10-31');
    expect(de).toEqual({
      language: 'de',
      totalUsers: 2,
      totalPremiumUsers: 1,
      totalActiveUsers: 2,
      totalNewUsers: 0,
      totalReads: 3,
      totalChapters: 2,
      timeSpent: 900,
      totalArticles: 2,
      chapters: 1,
      averages: { reads: 1.5, chapters: 1, timeSpent: 450 },
    });
    expect(fr).toMatchObject({ language: 'fr', totalUsers: 1, totalActiveUsers: 1, timeSpent: 600, totalReads: 0 });
    expect(es).toMatchObject({ language: 'es', totalUsers: 0, totalActiveUsers: 0, averages: { reads: 0, chapters: 0, timeSpent: 0 } });
    // September: everyone was new, nobody had done anything yet.
    const [deSept] = await queries().languages('2026-09-01', '2026-09-30');
    expect(deSept).toMatchObject({ totalUsers: 2, totalNewUsers: 2, totalActiveUsers: 0 });
  });

  it('the same figures whatever the batch sizes the runner used', async () => {
    await given(history(), 1000);
    const whole = await queries().languages('2026-10-01', '2026-10-31');
    for (const table of projection.tables) await db.schema.dropTableIfExists(table);
    await given(history(), 3);
    expect(await queries().languages('2026-10-01', '2026-10-31')).toEqual(whole);
  });

  it('user analytics per user and language: words known/uncertain, reads, chapters, cards, reviews, time, last activity', async () => {
    await given(history());
    const { total, users } = await queries().users({ sort: 'lastActivity', limit: 10, offset: 0 });
    expect(total).toBe(3);
    expect(users.find((u) => u.userId === ana)).toEqual({
      userId: ana,
      language: 'de',
      wordsKnown: 2,
      wordsUncertain: 0,
      reads: 2,
      chapters: 1,
      cards: 1,
      reviews: 2,
      timeSpent: 900,
      lastActivity: '2026-10-04',
    });
    expect(users.find((u) => u.userId === ben)).toMatchObject({ reads: 1, chapters: 1, wordsKnown: 0, lastActivity: '2026-10-02' });
    const byTime = await queries().users({ sort: 'timeSpent', limit: 1, offset: 0 });
    expect(byTime.users.map((u) => u.userId)).toEqual([ana]);
    expect((await queries().users({ language: 'fr', sort: 'reads', limit: 10, offset: 0 })).users.map((u) => u.userId)).toEqual([cleo]);
  });

  it("an undone review no longer counts on the day it was made, and the card's schedule is as before it", async () => {
    const card = uuidOf(61);
    await given(
      history()
        .review(ana, card, 'de', '2026-10-05T23:59:00Z', { state: 'review', reps: 3, lapses: 1 })
        .reviewUndone(ana, card, 'de', '2026-10-05T23:59:00Z', '2026-10-06T00:01:00Z', { state: 'learning', reps: 2, lapses: 0 }),
    );
    const { users } = await queries().users({ sort: 'lastActivity', limit: 10, offset: 0 });
    expect(users.find((u) => u.userId === ana)).toMatchObject({ reviews: 2, cards: 2 });
    const undone = await db('analytics_cards').where({ user_id: ana, card_id: card }).first();
    expect(undone).toMatchObject({ state: 'learning', reps: 2, lapses: 0 });
    const day = await db('analytics_activity').where({ user_id: ana, language: 'de' }).whereRaw("day = '2026-10-05'").first();
    expect(day.reviews).toBe(0);
  });

  it('a deleted user is erased from every per-user figure (consumers honour user-deleted)', async () => {
    await given(history().deleted(ana, '2026-10-05T00:00:00Z'));
    const { users } = await queries().users({ sort: 'lastActivity', limit: 10, offset: 0 });
    expect(users.map((u) => u.userId)).not.toContain(ana);
    const [de] = await queries().languages('2026-10-01', '2026-10-31');
    expect(de).toMatchObject({ totalUsers: 1, totalPremiumUsers: 0, totalActiveUsers: 1, totalReads: 1 });
  });

  it('a chapter counts for the language the learner had chosen when they completed it', async () => {
    await given(
      new History()
        .registered(ana, '2026-10-01T08:00:00Z')
        .onboarded(ana, 'de', '2026-10-01T08:00:00Z')
        .switchedTo(ana, 'es', '2026-10-02T08:00:00Z')
        .chapter(ana, uuidOf(50), '2026-10-02T09:00:00Z'),
      1,
    );
    const figures = await queries().languages('2026-10-01', '2026-10-31');
    expect(figures.find((f) => f.language === 'es')).toMatchObject({ totalChapters: 1, chapters: 1 });
    expect(figures.find((f) => f.language === 'de')).toMatchObject({ totalChapters: 0 });
  });

  it('the per-day rollups give the distinct counts of a scan of the rows, for any range, facts out of order and a deletion', async () => {
    // Days appended out of order (an earlier day after a later one), repeats, and a user deleted midway.
    const h = new History()
      .registered(ana, '2026-07-01T08:00:00Z')
      .onboarded(ana, 'de', '2026-07-01T08:00:00Z')
      .registered(ben, '2026-07-01T08:00:00Z')
      .onboarded(ben, 'de', '2026-07-01T08:00:00Z')
      .registered(cleo, '2026-07-01T08:00:00Z')
      .onboarded(cleo, 'de', '2026-07-01T08:00:00Z');
    const days = [12, 3, 20, 3, 7, 25, 1, 18, 9, 30, 14, 5];
    days.forEach((d, i) => {
      const at = `2026-07-${String(d).padStart(2, '0')}T10:00:00Z`;
      h.read([ana, ben, cleo][i % 3]!, art(i % 4), 'de', at)
        .chapter([ana, ben][i % 2]!, uuidOf(50 + (i % 3)), at)
        .time(cleo, 'de', 60, at);
    });
    h.deleted(ben, '2026-07-31T00:00:00Z').read(ana, art(9), 'de', '2026-07-02T10:00:00Z');
    await given(h, 4);
    const scan = async (from: string, to: string) => {
      const one = async (table: string, member: string) =>
        Number((await db(table).where('language', 'de').whereBetween('day', [from, to]).countDistinct(`${member} as n`).first())!.n);
      return {
        active: await one('analytics_activity', 'user_id'),
        articles: await one('analytics_articles', 'article_id'),
        chapters: await one('analytics_chapters', 'chapter_id'),
      };
    };
    for (const [from, to] of [
      ['2026-07-01', '2026-07-31'],
      ['2026-07-04', '2026-07-08'],
      ['2026-07-06', '2026-07-19'],
      ['2026-07-13', '2026-07-13'],
      ['2026-06-01', '2026-07-02'],
    ] as const) {
      const [de] = await queries().languages(from, to);
      expect({ active: de!.totalActiveUsers, articles: de!.totalArticles, chapters: de!.chapters }, `${from}..${to}`).toEqual(
        await scan(from, to),
      );
    }
  });

  describe('historical rows: active, new, returning, mid-term and long-term inactive at their boundaries', () => {
    // Ana joins and is active on 1 July only; Ben is active on 1 July and comes back on 15 July.
    const sparse = () =>
      new History()
        .registered(ana, '2026-07-01T08:00:00Z')
        .onboarded(ana, 'de', '2026-07-01T08:00:00Z')
        .read(ana, art(1), 'de', '2026-07-01T09:00:00Z')
        .registered(ben, '2026-07-01T08:00:00Z')
        .onboarded(ben, 'de', '2026-07-01T08:00:00Z')
        .read(ben, art(1), 'de', '2026-07-01T09:00:00Z')
        .read(ben, art(2), 'de', '2026-07-14T09:00:00Z')
        .read(ben, art(3), 'de', '2026-07-28T09:00:00Z');

    const day = async (d: string) => (await queries().history({ from: d, to: d, granularity: 'day', language: 'de' }))[0]!;

    it('a user last active 13 days before is not inactive; 14 days is mid-term; 59 still mid-term; 60 long-term', async () => {
      await given(sparse());
      expect(await day('2026-07-14')).toMatchObject({ midTermInactiveUsers: 0, longTermInactiveUsers: 0 }); // ana: 13 days
      expect(await day('2026-07-15')).toMatchObject({ midTermInactiveUsers: 1, longTermInactiveUsers: 0 }); // ana: 14 days
      expect(await day('2026-08-29')).toMatchObject({ midTermInactiveUsers: 2, longTermInactiveUsers: 0 }); // ana 59, ben 32
      expect(await day('2026-08-30')).toMatchObject({ midTermInactiveUsers: 1, longTermInactiveUsers: 1 }); // ana 60
    });

    it('returning: active after 14 or more days without activity; 13 days away is not returning', async () => {
      await given(sparse());
      expect(await day('2026-07-01')).toMatchObject({ activeUsers: 2, newUsers: 2, returningUsers: 0, reads: 2 });
      expect(await day('2026-07-14')).toMatchObject({ activeUsers: 1, newUsers: 0, returningUsers: 0 }); // ben after 13 days
      expect(await day('2026-07-28')).toMatchObject({ activeUsers: 1, returningUsers: 1 }); // ben after 14 days
    });

    it('monthly rows sum the days of the month and take the inactive buckets at its last day (returning: away before the month)', async () => {
      await given(sparse());
      const rows = await queries().history({ from: '2026-07-01', to: '2026-08-31', granularity: 'month' });
      expect(rows).toEqual([
        {
          period: '2026-07-01',
          activeUsers: 2,
          newUsers: 2,
          returningUsers: 0,
          midTermInactiveUsers: 1,
          longTermInactiveUsers: 0,
          reads: 4,
          chapters: 0,
          reviews: 0,
          timeSpent: 0,
        },
        {
          period: '2026-08-01',
          activeUsers: 0,
          newUsers: 0,
          returningUsers: 0,
          midTermInactiveUsers: 1,
          longTermInactiveUsers: 1,
          reads: 0,
          chapters: 0,
          reviews: 0,
          timeSpent: 0,
        },
      ]);
    });
  });
});
