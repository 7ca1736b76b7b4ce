import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestDatabase } from '../../platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../platform/test-app';
import { testAuthModule, testUserCookies } from '../../platform/test-auth';
import { learningModule } from '../../../src/contexts/learning/module';
import { demoCourseIds, demoCourses, seedDemoCourses } from '../../../src/contexts/learning/seed';
import { LearningCommands } from '../../../src/contexts/learning/commands';

/** A test app with the learning module, the demo courses seeded (twice: the second run must append nothing). */
export async function openLearningApp(db: TestDatabase, { seed = true } = {}): Promise<TestApp> {
  const t = await createTestApp(db, [testAuthModule, learningModule]);
  if (seed) {
    const service = new LearningCommands(t.deps.store);
    await seedDemoCourses(service);
    const events = await eventCount(t);
    await seedDemoCourses(service);
    expect(await eventCount(t)).toBe(events);
  }
  await caughtUp(t);
  return t;
}

/** Waits until the projections applied everything appended so far (see TestApp.caughtUp). */
export const caughtUp = (t: TestApp): Promise<void> => t.caughtUp();

export function person(
  t: TestApp,
  role = 'User',
  subscription: 'free' | 'master' = 'free',
  uid: string = randomUUID(),
): { agent: Agent; uid: string } {
  return { agent: t.agent().setCookies(testUserCookies(uid, role, subscription)), uid };
}

export const eventCount = async (t: TestApp) => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);

/** Ids of the demo course of a language. */
export const demo = (language: 'de' | 'fr' | 'es' | 'ru') => {
  const course = demoCourses().find((c) => c.languageCode === language)!;
  return { course, ...demoCourseIds(course) };
};

export async function get(agent: Agent, url: string, minPosition?: string): Promise<LightMyRequestResponse> {
  return agent.request({ method: 'GET', url: minPosition ? `${url}${url.includes('?') ? '&' : '?'}minPosition=${minPosition}` : url });
}
