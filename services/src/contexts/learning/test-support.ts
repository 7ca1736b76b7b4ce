import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestDatabase } from '../../platform/testing/databases';
import { createTestApp, type Agent, type TestApp } from '../../platform/testing/test-app';
import { testAuthModule, testUserCookies } from '../../platform/testing/test-auth';
import { DEMO_COURSES } from './demo-courses';
import { learningModule } from './module';
import { demoCourseIds, seedDemoCourses } from './seed';
import { LearningService } from './service';

/** A test app with the learning module, the demo courses seeded (twice: the second run must append nothing). */
export async function openLearningApp(db: TestDatabase, { seed = true } = {}): Promise<TestApp> {
  const t = await createTestApp(db, [testAuthModule, learningModule]);
  if (seed) {
    const service = new LearningService(t.deps.store, t.deps.db, undefined);
    await seedDemoCourses(service);
    const events = await eventCount(t);
    await seedDemoCourses(service);
    expect(await eventCount(t)).toBe(events);
  }
  await caughtUp(t);
  return t;
}

/**
 * Waits until the projections applied everything appended so far. Not `store.headPosition()`: that is
 * bounded by the cluster's oldest open transaction, so another database's long transaction on a shared
 * server would make it (and a wait on it) stop short of events this test appended.
 */
export async function caughtUp(t: TestApp): Promise<void> {
  const { rows } = await t.platform.db.raw(
    'select transaction_id::text as tx, global_position as pos from es_events order by transaction_id desc, global_position desc limit 1',
  );
  if (!rows[0]) return;
  const last = { commit: BigInt(rows[0].tx), prepare: BigInt(rows[0].pos) };
  expect(await t.deps.projections.waitFor(last, { timeoutMs: 30_000 })).toBe(true);
}

export type Tier = 'free' | 'master';

export function person(t: TestApp, role = 'User', tier: Tier = 'free', uid: string = randomUUID()): { agent: Agent; uid: string } {
  return { agent: t.agent().setCookies(testUserCookies(uid, role, tier)), uid };
}

export const eventCount = async (t: TestApp) => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);

/** Ids of the demo course of a language. */
export const demo = (language: 'de' | 'fr' | 'es' | 'ru') => {
  const course = DEMO_COURSES.find((c) => c.languageCode === language)!;
  return { course, ...demoCourseIds(course) };
};

export async function get(agent: Agent, url: string, minPosition?: string): Promise<LightMyRequestResponse> {
  return agent.request({ method: 'GET', url: minPosition ? `${url}${url.includes('?') ? '&' : '?'}minPosition=${minPosition}` : url });
}
