import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type Agent, type TestApp } from '../../platform/test-app';
import { testAuthModule, testUserCookies } from '../../platform/test-auth';
import type { TestDatabase } from '../../platform/databases';
import { createPracticeModule } from '../../../src/contexts/practice/module';
import { testClock, type TestClock } from '../../platform/clock';
import { composedAnalyticsModule } from '../../analytics-history';

/**
 * A composed app with the practice module on a clock the test moves, and the analytics module (on the
 * same clock), which answers flashcards/analytics from the facts practice publishes.
 */
export interface PracticeTestApp {
  t: TestApp;
  clock: TestClock;
  learner(): { agent: Agent; uid: string };
  eventCount(): Promise<number>;
  /** Creates cards through the API and returns their ids and the position to read after. */
  create(agent: Agent, cards: Record<string, unknown>[], languageCode?: string): Promise<{ ids: string[]; position: string }>;
  /** A GET, after `position` is projected (retried while the API answers 503, i.e. still projecting). */
  get(agent: Agent, url: string, position?: string): Promise<LightMyRequestResponse>;
}

export async function practiceTestApp(db: TestDatabase, start = '2026-03-02T09:00:00.000Z'): Promise<PracticeTestApp> {
  const clock = testClock(start);
  const now = () => clock.date();
  const t = await createTestApp(db, [testAuthModule, createPracticeModule({ now }), await composedAnalyticsModule()], { now });
  return {
    t,
    clock,
    learner() {
      const uid = randomUUID();
      return { agent: t.agent().setCookies(testUserCookies(uid)), uid };
    },
    async eventCount() {
      return Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
    },
    async create(agent, cards, languageCode = 'de') {
      const res = await agent.request({ method: 'POST', url: '/api/flashcards', payload: { languageCode, flashcards: cards } });
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async get(agent, url, position) {
      const sep = url.includes('?') ? '&' : '?';
      const request = () => agent.request({ method: 'GET', url: position ? `${url}${sep}minPosition=${position}` : url });
      // A 503 tells the client its write is still being projected (over 2 s on a busy machine): retry, as the app does.
      let res = await request();
      for (let attempt = 1; res.statusCode === 503 && attempt < 10; attempt++) res = await request();
      return res;
    },
  };
}
