import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES as M } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { composedAnalyticsModule, modulesAnalyticsReads } from '../../../../test-support/analytics-history';
import {
  createArticle,
  database,
  eventCount,
  expectProblem,
  get,
  libraryTestApp,
  person,
  post,
} from '../../../../test-support/contexts/library/app';

describe(`the reader's page times on ${database.label}`, () => {
  let t: TestApp;
  let demoId: string;
  beforeAll(async () => {
    t = await libraryTestApp([...(await modulesAnalyticsReads()), await composedAnalyticsModule()]);
    demoId = (await get(person(t).agent, '/api/articles?languageCode=de')).json().articles[0].id;
  });
  afterAll(async () => t?.close());

  const report = (agent: ReturnType<typeof person>['agent'], body: Record<string, unknown>) =>
    post(agent, '/api/articles/reading-time', { articleId: demoId, language: 'de', pageNumber: 1, commandId: randomUUID(), ...body });

  it("become the reader's words read and words a minute in the text, a resent report counting once", async () => {
    const reader = person(t);
    const commandId = randomUUID();
    const first = await report(reader.agent, { seconds: 60, words: 150, commandId });
    expect(first.statusCode, first.body).toBe(200);
    expect((await report(reader.agent, { seconds: 60, words: 150, commandId })).statusCode).toBe(200); // a resend
    const second = await report(reader.agent, { pageNumber: 2, seconds: 30, words: 90 });
    const figures = await get(reader.agent, `/api/analytics/reading?articleId=${demoId}&minPosition=${second.json().position}`);
    expect(figures.json()).toEqual({ articleId: demoId, wordsRead: 240, pagesRead: 2, seconds: 90, wordsPerMinute: 160 });
  });

  it('refuses time on an article the reader may not open, in another language, or beyond ten minutes, appending nothing', async () => {
    const author = person(t);
    const privateId = (await createArticle(author.agent, { isPrivate: true })).article.id;
    const reader = person(t);
    const before = await eventCount(t);
    expectProblem(await report(reader.agent, { articleId: privateId, seconds: 30, words: 10 }), 404, M.articleNotFound);
    expectProblem(await report(reader.agent, { language: 'fr', seconds: 30, words: 10 }), 404, M.articleNotFound);
    expect((await report(reader.agent, { seconds: 601, words: 10 })).statusCode).toBe(400);
    expect((await report(reader.agent, { seconds: 0, words: 10 })).statusCode).toBe(400);
    expect(await eventCount(t)).toBe(before);
  });
});
