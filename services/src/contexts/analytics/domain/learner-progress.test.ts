import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_DAYS } from '@verba/contracts';
import { createKnex, type Knex } from '../../../platform/db/knex';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../../../test-support/platform/databases';
import { History, composedAnalyticsProjection, uuidOf } from '../../../../test-support/analytics-history';
import { AnalyticsQueries } from '../queries';

/** Given a learner's events, then the figures their dashboard and practice statistics show (issue 18 scope 6), at a fake "now". */
const pgProbe = await probeRealPostgres();
const projection = await composedAnalyticsProjection();
const live = (logical: string) => logical;

const ana = uuidOf(1);
const ben = uuidOf(2);
const at = (iso: string) => new Date(iso);

describe.skipIf(!pgProbe.available)('learner dashboard figures: given events, then figures', () => {
  let database: TestDatabase;
  let db: Knex;
  const figures = (user: string, now: string, language: 'de' | 'fr' = 'de') => new AnalyticsQueries(db).progress(user, language, at(now));

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

  async function given(history: History) {
    await db.transaction((trx) => projection.setup(trx, live));
    await db.transaction((trx) => projection.apply(history.recorded(), { trx, t: live }));
  }

  // Ana is active on 1, 2 and 3 October (a word late on the 3rd, UTC), then on 5 October.
  const history = () =>
    new History()
      .registered(ana, '2026-09-30T08:00:00Z')
      .onboarded(ana, 'de', '2026-09-30T08:01:00Z')
      .word(ana, 'de', 'Haus', 'known', '2026-10-01T09:00:00Z')
      .word(ana, 'de', 'Baum', 'uncertain', '2026-10-01T09:01:00Z')
      .word(ana, 'de', 'Hund', 'known', '2026-10-01T09:02:00Z')
      .read(ana, uuidOf(100), 'de', '2026-10-02T09:00:00Z')
      .time(ana, 'de', 1800, '2026-10-02T09:30:00Z')
      .word(ana, 'de', 'Hund', 'new', '2026-10-03T23:59:59Z')
      .review(ana, uuidOf(60), 'de', '2026-10-05T00:00:00Z')
      .time(ana, 'de', 3600, '2026-10-05T01:00:00Z')
      .time(ana, 'fr', 999, '2026-10-05T01:00:00Z')
      .registered(ben, '2026-09-30T08:00:00Z')
      .word(ben, 'de', 'Katze', 'known', '2026-10-04T09:00:00Z');

  it('words known and uncertain, the level hint and the next threshold (spec §4)', async () => {
    await given(history());
    expect(await figures(ana, '2026-10-05T12:00:00Z')).toMatchObject({
      languageCode: 'de',
      wordsKnown: 1,
      wordsUncertain: 1,
      levelHint: 'A1',
      nextLevelAt: 800,
    });
  });

  it('counts word families beside forms, as the learner and admins set them, and gives the level hint by families (issue 38.2)', async () => {
    const h = new History().registered(ana, '2026-10-01T08:00:00Z');
    // Three forms of "gehen", a form of "sein", and "seine", which the dictionary takes for a word of its own.
    for (const w of ['ging', 'gegangen', 'gehst', 'war', 'seine']) h.word(ana, 'de', w, 'known', '2026-10-01T09:00:00Z');
    h.word(ana, 'de', 'bin', 'uncertain', '2026-10-01T09:01:00Z');
    await given(h);
    expect(await figures(ana, '2026-10-01T12:00:00Z')).toMatchObject({
      wordsKnown: 5,
      wordsUncertain: 1,
      familiesKnown: 3, // gehen, sein, seine
      familiesUncertain: 0, // "bin" is a form of "sein", known
      levelHint: 'A1',
      nextLevelAt: 800,
    });
    // The learner split "gehst" off; an admin corrected "seine" to "sein".
    const own = { own: new Map([['gehst', 'gehst']]), corrected: new Map([['seine', 'sein']]) };
    expect(await new AnalyticsQueries(db, live, async () => own).progress(ana, 'de', at('2026-10-01T12:00:00Z'))).toMatchObject({
      wordsKnown: 5,
      familiesKnown: 3, // gehen, sein, gehst
    });
  });

  it('gives the level by families: 900 forms of 300 words are A1', async () => {
    const h = new History().registered(ana, '2026-10-01T08:00:00Z');
    for (let i = 0; i < 900; i++) h.word(ana, 'de', `wort${i}`, 'known', '2026-10-01T09:00:00Z');
    await given(h);
    const families = { own: new Map(Array.from({ length: 900 }, (_, i) => [`wort${i}`, `stamm${i % 300}`] as [string, string])) };
    expect(await new AnalyticsQueries(db, live, async () => families).progress(ana, 'de', at('2026-10-01T12:00:00Z'))).toMatchObject({
      wordsKnown: 900,
      familiesKnown: 300,
      levelHint: 'A1',
      nextLevelAt: 800,
    });
  });

  it('the level hint counts Known and Uncertain: 800 words is A2, 799 is A1', async () => {
    const h = new History().registered(ana, '2026-10-01T08:00:00Z');
    for (let i = 0; i < 799; i++) h.word(ana, 'de', `wort${i}`, i % 2 ? 'known' : 'uncertain', '2026-10-01T09:00:00Z');
    await given(h);
    expect(await figures(ana, '2026-10-01T12:00:00Z')).toMatchObject({ levelHint: 'A1', nextLevelAt: 800 });
    await db.transaction((trx) =>
      projection.apply(new History().word(ana, 'de', 'letztes', 'known', '2026-10-01T10:00:00Z').recorded(), { trx, t: live }),
    );
    expect(await figures(ana, '2026-10-01T12:00:00Z')).toMatchObject({
      wordsKnown: 400,
      wordsUncertain: 400,
      levelHint: 'A2',
      nextLevelAt: 2000,
    });
  });

  it('streak at its boundaries with a fake clock: kept through the idle day until it ends, then lost', async () => {
    await given(history());
    expect(await figures(ana, '2026-10-03T12:00:00Z')).toMatchObject({ streak: 3, activeToday: true });
    expect(await figures(ana, '2026-10-04T23:59:59Z')).toMatchObject({ streak: 3, activeToday: false });
    expect(await figures(ana, '2026-10-05T00:00:00Z')).toMatchObject({ streak: 1, activeToday: true });
    expect(await figures(ana, '2026-10-06T23:00:00Z')).toMatchObject({ streak: 1, activeToday: false });
    expect(await figures(ana, '2026-10-07T00:00:00Z')).toMatchObject({ streak: 0, activeToday: false });
    // Activity in another language is not this language's streak.
    expect(await figures(ana, '2026-10-05T12:00:00Z', 'fr')).toMatchObject({ streak: 1, timeSpent: 999, wordsKnown: 0 });
  });

  it('words per day over the last 30 days, oldest first, today last, idle days zero; time spent in seconds', async () => {
    await given(history());
    const f = await figures(ana, '2026-10-05T12:00:00Z');
    expect(f.days).toHaveLength(PROGRESS_DAYS);
    expect(f.days[0]!.day).toBe('2026-09-06');
    expect(f.days.at(-1)!.day).toBe('2026-10-05');
    const active = f.days.filter((d) => d.words || d.reads || d.reviews || d.seconds);
    expect(active).toEqual([
      { day: '2026-10-01', words: 3, reads: 0, reviews: 0, seconds: 0 },
      { day: '2026-10-02', words: 0, reads: 1, reviews: 0, seconds: 1800 },
      { day: '2026-10-03', words: 1, reads: 0, reviews: 0, seconds: 0 },
      { day: '2026-10-05', words: 0, reads: 0, reviews: 1, seconds: 3600 },
    ]);
    expect(f.timeSpent).toBe(5400);
  });

  it('facts after "now" are not shown as of an earlier day, and another learner\'s words never count', async () => {
    await given(history());
    const f = await figures(ana, '2026-10-02T12:00:00Z');
    expect(f).toMatchObject({ timeSpent: 1800, streak: 2 });
    expect(f.days.at(-1)).toEqual({ day: '2026-10-02', words: 0, reads: 1, reviews: 0, seconds: 1800 });
    expect(await figures(ben, '2026-10-05T12:00:00Z')).toMatchObject({ wordsKnown: 1, timeSpent: 0, streak: 1, activeToday: false }); // active yesterday;
  });

  describe('flashcards/analytics', () => {
    const card = (n: number) => uuidOf(300 + n);
    const flashcards = (now: string, language: 'de' | 'fr' = 'de') => new AnalyticsQueries(db).flashcards(ana, language, at(now));
    // Four cards: two reviewed on 1 and 2 October, one forgotten on 4 October, one deleted after a review.
    const cards = () =>
      new History()
        .registered(ana, '2026-09-30T08:00:00Z')
        .cardCreated(ana, card(1), 'de', '2026-10-01T08:00:00Z')
        .cardCreated(ana, card(2), 'de', '2026-10-01T08:00:00Z')
        .cardCreated(ana, card(3), 'de', '2026-10-01T08:00:00Z')
        .cardCreated(ana, card(4), 'de', '2026-10-01T08:00:00Z')
        .review(ana, card(1), 'de', '2026-10-01T09:00:00Z', { state: 'review', reps: 1, lapses: 0 })
        .review(ana, card(2), 'de', '2026-10-01T09:01:00Z', { state: 'learning', reps: 1, lapses: 0 })
        .review(ana, card(2), 'de', '2026-10-02T09:00:00Z', { state: 'review', reps: 2, lapses: 0 })
        .review(ana, card(4), 'de', '2026-10-02T09:01:00Z', { state: 'review', reps: 1, lapses: 0 })
        .cardDeleted(ana, card(4), '2026-10-02T10:00:00Z')
        .review(ana, card(1), 'de', '2026-10-04T09:00:00Z', { state: 'relearning', reps: 2, lapses: 1 })
        .cardCreated(ben, card(9), 'de', '2026-10-04T09:00:00Z')
        .review(ben, card(9), 'de', '2026-10-04T09:00:00Z', { state: 'review', reps: 5, lapses: 2 });

    it('cards held by FSRS state and their retention: a deleted card leaves, another learner never counts', async () => {
      await given(cards());
      expect(await flashcards('2026-10-04T12:00:00Z')).toMatchObject({
        languageCode: 'de',
        cardsByState: { new: 1, learning: 0, review: 1, relearning: 1 },
        retention: { reviews: 4, lapses: 1, rate: 0.75 },
      });
      expect(await flashcards('2026-10-04T12:00:00Z', 'fr')).toMatchObject({
        cardsByState: { new: 0, learning: 0, review: 0, relearning: 0 },
        retention: { reviews: 0, lapses: 0, rate: null },
      });
    });

    it('reviews per day over the last 30 days and the streaks, on the clock', async () => {
      await given(cards());
      const f = await flashcards('2026-10-04T12:00:00Z');
      expect(f.days).toHaveLength(30);
      expect(f.days[0]!.day).toBe('2026-09-05');
      expect(f.days.filter((d) => d.reviews)).toEqual([
        { day: '2026-10-01', reviews: 2 },
        { day: '2026-10-02', reviews: 2 },
        { day: '2026-10-04', reviews: 1 },
      ]);
      expect(f).toMatchObject({ streak: 1, longestStreak: 2 });
      expect(await flashcards('2026-10-03T23:59:59Z')).toMatchObject({ streak: 2 }); // 3 October is not over
      expect(await flashcards('2026-10-06T00:00:00Z')).toMatchObject({ streak: 0, longestStreak: 2 });
    });
  });
});
