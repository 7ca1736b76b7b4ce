import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyGoal } from '@verba/contracts';
import { History, composedAnalyticsModule, modulesAnalyticsReads, uuidOf } from '../../../test-support/analytics-history';
import { testClock } from '../../../test-support/platform/clock';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import type { Module } from '../../platform/module';
import { ReadingTimeRecorded } from '../library/published';

const database = await preferredTestDatabase();

/** Identity's settings as the analytics routes ask for them: each test learner's zone and daily goal. */
const zones = new Map<string, string>();
const goals = new Map<string, DailyGoal>();
const settingsModule: Module = {
  name: 'test-settings',
  provides: {
    timeZones: () => ({
      timeZoneOf: async (userId) => zones.get(userId) ?? 'UTC',
      dailyGoalOf: async (userId) => goals.get(userId) ?? null,
    }),
  },
};

const text = uuidOf(700);
const other = uuidOf(701);
let n = 0;
/** A page time as the library records it (library.ReadingTimeRecorded). */
const page = (userId: string, articleId: string, seconds: number, words: number, at: string) => ({
  streamId: `library-reading-time-${userId}.${at.slice(0, 10)}`,
  event: {
    id: uuidOf(0x3000000 + ++n),
    type: ReadingTimeRecorded.type,
    version: 1,
    data: { userId, articleId, language: 'de', pageNumber: 1, seconds, words, at },
  },
});

describe(`daily goals, streaks and reading figures on ${database.label}`, () => {
  const clock = testClock('2026-10-07T12:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      await database.create(),
      [testAuthModule, settingsModule, ...(await modulesAnalyticsReads()), await composedAnalyticsModule()],
      { now: () => clock.date() },
    );
  });
  afterAll(async () => t?.close());

  const learner = (options: { zone?: string; goal?: DailyGoal } = {}) => {
    const id = randomUUID();
    if (options.zone) zones.set(id, options.zone);
    if (options.goal) goals.set(id, options.goal);
    return { id, agent: t.agent().setCookies(testUserCookies(id)) };
  };
  const append = async (appends: readonly { streamId: string; event: Parameters<TestApp['deps']['store']['append']>[1][number] }[]) => {
    for (const { streamId, event } of appends) await t.deps.store.append(streamId, [event], 'any');
    await t.caughtUp();
  };
  const get = async (agent: ReturnType<TestApp['agent']>, url: string) => {
    const res = await agent.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  // One history for all (its event ids are numbered by it); `flush` appends what was added since the last.
  const h = new History();
  let sent = 0;
  const flush = async () => {
    await append(h.appends.slice(sent));
    sent = h.appends.length;
  };
  const reviews = (h: History, userId: string, ats: string[]) => {
    for (const at of ats) h.review(userId, uuidOf(900), 'de', at);
    return h;
  };

  it('counts the days the goal was met, today once it is met, and shows today’s progress toward it', async () => {
    const ana = learner({ goal: { kind: 'reviews', amount: 2 } });
    reviews(h, ana.id, ['2026-10-04T09:00:00Z', '2026-10-04T10:00:00Z']); // met
    reviews(h, ana.id, ['2026-10-05T09:00:00Z', '2026-10-05T10:00:00Z', '2026-10-05T11:00:00Z']); // met
    reviews(h, ana.id, ['2026-10-06T09:00:00Z', '2026-10-06T10:00:00Z']); // met
    reviews(h, ana.id, ['2026-10-07T09:00:00Z']); // today: one of two
    h.word(ana.id, 'de', 'Haus', 'known', '2026-10-03T09:00:00Z'); // active, but not the goal
    await flush();
    const before = await get(ana.agent, '/api/analytics/progress?languageCode=de');
    expect(before).toMatchObject({
      goal: { kind: 'reviews', amount: 2 },
      streak: 3,
      goalMet: false,
      today: { reviews: 1, words: 0, pages: 0, readSeconds: 0 },
      activeToday: true,
    });
    expect(before.year.map((d: { day: string }) => d.day)).toEqual(['2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07']);

    reviews(h, ana.id, ['2026-10-07T11:00:00Z']);
    await flush();
    expect(await get(ana.agent, '/api/analytics/progress?languageCode=de')).toMatchObject({
      streak: 4,
      goalMet: true,
      today: { reviews: 2 },
    });
  });

  it('breaks the streak on a day below the goal however busy, and counts any activity for a learner without a goal', async () => {
    const goal = { kind: 'words', amount: 3 } as const;
    const ben = learner({ goal });
    const cleo = learner();
    for (const who of [ben, cleo]) {
      for (const w of ['a', 'b', 'c']) h.word(who.id, 'de', w, 'known', '2026-10-05T09:00:00Z');
      reviews(
        h,
        who.id,
        Array.from({ length: 10 }, (_, i) => `2026-10-06T09:0${i}:00Z`),
      ); // ten reviews, no word
      for (const w of ['d', 'e', 'f']) h.word(who.id, 'de', w, 'known', '2026-10-07T09:00:00Z');
      await flush();
    }
    expect(await get(ben.agent, '/api/analytics/progress?languageCode=de')).toMatchObject({
      streak: 1,
      goalMet: true,
      today: { words: 3 },
    });
    expect(await get(cleo.agent, '/api/analytics/progress?languageCode=de')).toMatchObject({ streak: 3, goal: null, goalMet: false });
  });

  it('counts minutes read and pages read from page times; a page turned faster than one can read counts no page and no words', async () => {
    const dan = learner({ goal: { kind: 'minutes', amount: 5 } });
    await append([
      page(dan.id, text, 240, 400, '2026-10-07T09:00:00Z'), // 100 words a minute: read
      page(dan.id, text, 60, 200, '2026-10-07T09:05:00Z'), // 200 words a minute: read
      page(dan.id, text, 5, 300, '2026-10-07T09:06:00Z'), // 3600 words a minute: turned
    ]);
    expect(await get(dan.agent, '/api/analytics/progress?languageCode=de')).toMatchObject({
      goalMet: true, // 305 seconds: five whole minutes
      streak: 1,
      wordsRead: 600,
      today: { readSeconds: 305, pages: 2 },
    });
    expect(await get(dan.agent, `/api/analytics/reading?articleId=${text}`)).toEqual({
      articleId: text,
      wordsRead: 600,
      pagesRead: 2,
      seconds: 300,
      wordsPerMinute: 120,
    });
    // Another text, and another learner, show none of it.
    expect(await get(dan.agent, `/api/analytics/reading?articleId=${other}`)).toMatchObject({ wordsRead: 0, wordsPerMinute: null });
    expect(await get(learner().agent, `/api/analytics/reading?articleId=${text}`)).toMatchObject({ wordsRead: 0, seconds: 0 });
  });

  describe('around midnight in the learner’s own zone', () => {
    const goal = { kind: 'pages', amount: 1 } as const;
    // A page read at 10:30Z on 6 October and one at 11:30Z: in Auckland (UTC+13) 23:30 on the 6th and 00:30 on
    // the 7th; in Honolulu (UTC-10) 00:30 and 01:30 on the 6th.
    const pages = (userId: string) => [
      page(userId, text, 60, 100, '2026-10-06T10:30:00Z'),
      page(userId, text, 60, 100, '2026-10-06T11:30:00Z'),
    ];

    it('in UTC+13, two pages an hour apart across local midnight make a streak of two days', async () => {
      clock.set('2026-10-07T02:00:00Z'); // 15:00 on 7 October in Auckland
      const auckland = learner({ zone: 'Pacific/Auckland', goal });
      await append(pages(auckland.id));
      const figures = await get(auckland.agent, '/api/analytics/progress?languageCode=de');
      expect(figures).toMatchObject({ streak: 2, goalMet: true, today: { pages: 1 } });
      expect(figures.year.map((d: { day: string; pages: number }) => [d.day, d.pages])).toEqual([
        ['2026-10-06', 1],
        ['2026-10-07', 1],
      ]);
    });

    it('in UTC-10, the same two pages fall on one day, and the streak holds until that zone’s day is over', async () => {
      const honolulu = learner({ zone: 'Pacific/Honolulu', goal: { kind: 'pages', amount: 2 } });
      await append(pages(honolulu.id));
      clock.set('2026-10-07T09:30:00Z'); // 23:30 on 6 October in Honolulu: still the day the goal was met
      expect(await get(honolulu.agent, '/api/analytics/progress?languageCode=de')).toMatchObject({
        streak: 1,
        goalMet: true,
        today: { pages: 2 },
      });
      clock.set('2026-10-07T10:30:00Z'); // 00:30 on 7 October there: not met yet today, yesterday's streak kept
      expect(await get(honolulu.agent, '/api/analytics/progress?languageCode=de')).toMatchObject({
        streak: 1,
        goalMet: false,
        today: { pages: 0 },
      });
      clock.set('2026-10-08T10:30:00Z'); // a whole day of Honolulu's without: lost
      expect(await get(honolulu.agent, '/api/analytics/progress?languageCode=de')).toMatchObject({ streak: 0 });
    });
  });
});
