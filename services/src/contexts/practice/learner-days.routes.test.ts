import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { testClock } from '../../../test-support/platform/clock';
import { composedAnalyticsModule, modulesAnalyticsReads } from '../../../test-support/analytics-history';
import type { Module } from '../../platform/module';
import { createPracticeModule } from './module';

const database = await preferredTestDatabase();

/** Identity's time zones, as its settings would give them: each test learner's zone (UTC for the others). */
const zones = new Map<string, string>();
const zonesModule: Module = {
  name: 'test-time-zones',
  provides: { timeZones: () => ({ timeZoneOf: async (userId) => zones.get(userId) ?? 'UTC' }) },
};

describe(`a learner's own days on ${database.label}`, () => {
  let t: TestApp;
  const clock = testClock('2026-05-12T06:30:00.000Z');
  beforeAll(async () => {
    const now = () => clock.date();
    t = await createTestApp(
      await database.create(),
      // Vocabulary projects the word families the dashboard's figures count by (analytics waits on them).
      [testAuthModule, zonesModule, createPracticeModule({ now }), ...(await modulesAnalyticsReads()), await composedAnalyticsModule()],
      {
        now,
      },
    );
  });
  afterAll(async () => t?.close());

  const learner = (zone?: string) => {
    const uid = randomUUID();
    if (zone) zones.set(uid, zone);
    return t.agent().setCookies(testUserCookies(uid));
  };
  const get = async (agent: Agent, url: string, position?: string) => {
    const request = () => agent.request({ method: 'GET', url: position ? `${url}&minPosition=${position}` : url });
    let res = await request();
    for (let attempt = 1; res.statusCode === 503 && attempt < 10; attempt++) res = await request();
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const card = async (agent: Agent, sourceValue: string) => {
    const res = await agent.request({
      method: 'POST',
      url: '/api/flashcards/one',
      payload: { languageCode: 'de', flashcard: { sourceValue, targetValue: sourceValue } },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const review = async (agent: Agent, id: string) => {
    const res = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards',
      payload: { reviews: [{ id, rating: 'good' }], source: 'flashcards' },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { position: string; cards: { dueDateStamp: number }[] };
  };

  /** Monday 23:30 and Tuesday 00:30 in Los Angeles (PDT, UTC-7): both on Tuesday 12 May in UTC. */
  const practiseAroundLocalMidnight = async (agent: Agent) => {
    clock.set('2026-05-12T06:30:00.000Z'); // Monday 11 May, 23:30 PDT
    const id = await card(agent, 'Mitternacht');
    await review(agent, id);
    clock.set('2026-05-12T07:30:00.000Z'); // Tuesday 12 May, 00:30 PDT
    return (await review(agent, id)).position;
  };

  it('counts a streak of two days for a review at 23:30 and one at 00:30 local, one UTC day apart from none', async () => {
    const california = learner('America/Los_Angeles');
    let position = await practiseAroundLocalMidnight(california);
    expect(await get(california, '/api/flashcards/info?languageCode=de', position)).toMatchObject({ streak: 2, practicedToday: true });
    expect(await get(california, '/api/flashcards/analytics?languageCode=de', position)).toMatchObject({ streak: 2, longestStreak: 2 });

    // The same two reviews by a learner counting in UTC fall on one day.
    const london = learner();
    position = await practiseAroundLocalMidnight(london);
    expect(await get(london, '/api/flashcards/info?languageCode=de', position)).toMatchObject({ streak: 1, practicedToday: true });
    expect(await get(london, '/api/flashcards/analytics?languageCode=de', position)).toMatchObject({ streak: 1, longestStreak: 1 });
  });

  it("keeps the streak until the learner's own day is over, not until UTC midnight", async () => {
    const california = learner('America/Los_Angeles');
    const position = await practiseAroundLocalMidnight(california);
    // Wednesday 13 May, 16:30 PDT is already Thursday in UTC: a UTC count would have lost Tuesday's streak.
    clock.set('2026-05-13T23:30:00.000Z');
    expect(await get(california, '/api/flashcards/info?languageCode=de', position)).toMatchObject({ streak: 2, practicedToday: false });
    const stats = await get(california, '/api/flashcards/analytics?languageCode=de', position);
    expect(stats.streak).toBe(2);
    expect(stats.days.slice(-3)).toEqual([
      { day: '2026-05-11', reviews: 1 },
      { day: '2026-05-12', reviews: 1 },
      { day: '2026-05-13', reviews: 0 },
    ]);
  });

  it('counts as due today what falls due before local midnight', async () => {
    const california = learner('America/Los_Angeles');
    const utc = learner();
    clock.set('2026-05-12T23:55:00.000Z'); // 16:55 PDT
    for (const agent of [california, utc]) {
      const id = await card(agent, 'später');
      const { position, cards } = await review(agent, id);
      // Due again in minutes: after UTC midnight, before midnight in Los Angeles.
      expect(cards[0]!.dueDateStamp).toBeGreaterThan(Date.parse('2026-05-13T00:00:00Z'));
      expect(cards[0]!.dueDateStamp).toBeLessThan(Date.parse('2026-05-13T07:00:00Z'));
      const info = await get(agent, '/api/flashcards/info?languageCode=de', position);
      expect(info.dueToday).toBe(agent === california ? 1 : 0);
    }
  });

  it("shows the dashboard's days, streak and today in the learner's zone", async () => {
    const california = learner('America/Los_Angeles');
    const position = await practiseAroundLocalMidnight(california);
    const figures = await get(california, '/api/analytics/progress?languageCode=de', position);
    expect(figures).toMatchObject({ streak: 2, activeToday: true });
    expect(figures.days.slice(-2)).toMatchObject([
      { day: '2026-05-11', reviews: 1 },
      { day: '2026-05-12', reviews: 1 },
    ]);
  });
});
