import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ArticleInput, LearningLanguage, Level } from '@verba/contracts';
import { formatPosition } from '../../../src/platform/event-store/port';
import { preferredTestDatabase } from '../../platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../platform/test-app';
import { testAuthModule, testUserCookies } from '../../platform/test-auth';
import type { Module } from '../../../src/platform/module';
import { libraryModule } from '../../../src/contexts/library/module';
import { WordStatusChanged } from '../../../src/contexts/vocabulary/published';
import { OnboardingCompleted, userStream } from '../../../src/contexts/identity/published';

/** Test helpers shared by the library's route tests. */
export const database = await preferredTestDatabase();

/** A composed app with the library (and `extra` modules) and the demo articles, projected. */
export async function libraryTestApp(extra: Module[] = [], env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(await database.create(), [testAuthModule, libraryModule, ...extra], { env });
  await libraryModule.seed!(t.deps);
  await t.caughtUp();
  return t;
}

export interface Person {
  agent: Agent;
  uid: string;
}

export function person(t: TestApp, subscription: 'free' | 'master' = 'free', role = 'User'): Person {
  const uid = randomUUID();
  return { agent: t.agent().setCookies(testUserCookies(uid, role, subscription)), uid };
}

export const draft = (over: Partial<ArticleInput> = {}): Record<string, unknown> => ({
  languageCode: 'de',
  name: 'Ein Tag am Meer',
  category: 'Travel',
  generalDifficulty: 'A2',
  content: 'Wir fahren ans Meer. Das Meer ist blau.',
  ...over,
});

export async function createArticle(agent: Agent, over: Partial<ArticleInput> = {}) {
  const res = await agent.request({ method: 'POST', url: '/api/articles/create', payload: draft(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { article: { id: string } & Record<string, unknown>; position?: string };
}

/** Asserts a problem+json answer with exactly this message. */
export function expectProblem(res: LightMyRequestResponse, status: number, message: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
}

export const eventCount = async (t: TestApp) => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);

export const get = (agent: Agent, url: string) => agent.request({ method: 'GET', url });
export const post = (agent: Agent, url: string, payload: unknown) =>
  agent.request({ method: 'POST', url, payload: payload as Record<string, unknown> });

/** Drops and rebuilds a projection from the log; its tables must come back row for row. */
export async function expectRebuildEqual(t: TestApp, projection: { name: string; tables: readonly string[] }): Promise<void> {
  await t.caughtUp();
  const snapshot = async () => {
    const out: Record<string, unknown[]> = {};
    // Row order is not part of a table's content: compare sorted serialisations.
    for (const table of projection.tables)
      out[table] = ((await t.platform.db(table).select()) as unknown[]).map((r) => JSON.stringify(r)).sort();
    return out;
  };
  const before = await snapshot();
  await t.platform.runner.rebuild(projection.name);
  expect(await snapshot()).toEqual(before);
  expect(Object.values(before).some((rows) => rows.length > 0)).toBe(true);
}

/**
 * What the vocabulary context appends when a learner marks words (its published `WordStatusChanged`).
 */
export async function markWords(
  t: TestApp,
  userId: string,
  language: LearningLanguage,
  words: string[],
  status: 'known' | 'uncertain' | 'new',
): Promise<string> {
  const events = words.map((word) => ({
    id: randomUUID(),
    type: WordStatusChanged.type,
    version: WordStatusChanged.version,
    data: { userId, language, word, status, at: new Date().toISOString() },
  }));
  const { position } = await t.deps.store.append(`vocabulary-test-${randomUUID()}`, events, 'no_stream');
  return formatPosition(position);
}

/** What identity appends when a learner finishes onboarding (its published `OnboardingCompleted`). */
export async function onboard(t: TestApp, userId: string, language: LearningLanguage, level: Level): Promise<string> {
  const event = {
    id: randomUUID(),
    type: OnboardingCompleted.type,
    version: OnboardingCompleted.version,
    data: { language, level, at: new Date().toISOString() },
  };
  const { position } = await t.deps.store.append(userStream(userId), [event], 'any');
  return formatPosition(position);
}
