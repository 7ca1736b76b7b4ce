import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES, FORUM_MESSAGES, LIBRARY_MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../test-support/platform/test-auth';
import { readWholeLog } from '../../test-support/platform/whole-log';
import { demo } from '../../test-support/contexts/learning/app';
import { LearningCommands } from '../contexts/learning/commands';
import { seedDemoCourses } from '../contexts/learning/seed';
import { forumModule } from '../contexts/forum/module';
import { learningModule } from '../contexts/learning/module';
import { libraryModule } from '../contexts/library/module';

const database = await preferredTestDatabase();

/**
 * Issue 20 across contexts: a discussion hangs only on a library article or course chapter its starter may
 * open (the library's and learning's own rules), in that article's or chapter's language.
 */
describe(`forum discussions of articles and chapters on ${database.label}`, () => {
  let t: TestApp;
  const learner = (subscription: 'free' | 'master' = 'free'): Agent =>
    t.agent().setCookies(testUserCookies(randomUUID(), 'User', subscription));
  const eventCount = async () => (await readWholeLog(t.platform.store)).length;
  const discussion = (agent: Agent, kind: string, id: string) =>
    agent.request({ method: 'GET', url: `/api/forum/discussions/${kind}/${id}` });
  const startOn = (agent: Agent, kind: string, targetId: string, language: string) =>
    agent.request({
      method: 'POST',
      url: '/api/forum/threads',
      payload: { commandId: randomUUID(), language, title: 'Eine Frage', body: 'Was heißt das?', attachedTo: { kind, targetId } },
    });
  /** Status and message only: what tells a caller anything. */
  const answer = (res: { statusCode: number; json(): { detail?: string } }) => [res.statusCode, res.json().detail];

  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, learningModule, libraryModule, forumModule]);
    await seedDemoCourses(new LearningCommands(t.deps.store));
    await t.caughtUp();
  });
  afterAll(async () => t?.close());

  it("answers another learner's private article exactly as one that does not exist, and appends nothing", async () => {
    const ana = learner();
    const created = await ana.request({
      method: 'POST',
      url: '/api/articles/create',
      payload: {
        languageCode: 'de',
        name: 'Mein Tagebuch',
        category: 'Other',
        generalDifficulty: 'A2',
        content: 'Heute war ein guter Tag.',
        isPrivate: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const articleId = created.json().article.id as string;
    await t.caughtUp();

    const ben = learner();
    const before = await eventCount();
    const missing = [404, LIBRARY_MESSAGES.articleNotFound];
    for (const id of [articleId, randomUUID(), 'not-an-article-id']) {
      expect(answer(await discussion(ben, 'article', id)), id).toEqual(missing);
      expect(answer(await startOn(ben, 'article', id, 'de')), id).toEqual(missing);
    }
    expect(await eventCount()).toBe(before);

    // Its author may open it, so may discuss it, in its language only.
    expect((await discussion(ana, 'article', articleId)).json()).toMatchObject({ started: false, language: 'de' });
    expect(answer(await startOn(ana, 'article', articleId, 'fr'))).toEqual([400, FORUM_MESSAGES.wrongLanguage]);
    expect(await eventCount()).toBe(before);
    expect((await startOn(ana, 'article', articleId, 'de')).statusCode).toBe(201);
  });

  it('follows the chapter view: a premium chapter is for Master, a chapter is discussed in its course language', async () => {
    const { chapterIds } = demo('de');
    const premium = chapterIds[2]![2]!; // "Der Garten der Nachbarin", premium in the demo course
    const free = learner();
    const before = await eventCount();
    expect(answer(await discussion(free, 'chapter', premium))).toEqual([403, COURSE_MESSAGES.premiumChapter]);
    expect(answer(await startOn(free, 'chapter', premium, 'de'))).toEqual([403, COURSE_MESSAGES.premiumChapter]);
    expect(answer(await startOn(free, 'chapter', randomUUID(), 'de'))).toEqual([404, COURSE_MESSAGES.chapterNotFound]);
    expect(answer(await startOn(free, 'chapter', chapterIds[0]![0]!, 'es'))).toEqual([400, FORUM_MESSAGES.wrongLanguage]);
    expect(await eventCount()).toBe(before);

    const master = learner('master');
    expect((await discussion(master, 'chapter', premium)).json()).toMatchObject({ started: false, language: 'de' });
    expect((await startOn(master, 'chapter', premium, 'de')).statusCode).toBe(201);
    expect((await startOn(free, 'chapter', chapterIds[0]![0]!, 'de')).statusCode).toBe(201);
  });
});
