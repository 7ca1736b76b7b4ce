import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_MESSAGES as M } from '@verba/contracts';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../test-support/platform/test-auth';
import { appendedBy } from '../../test-support/platform/whole-log';
import { demo } from '../../test-support/contexts/learning/app';
import { LearningCommands } from '../contexts/learning/commands';
import { seedDemoCourses } from '../contexts/learning/seed';
import { forumModule } from '../contexts/forum/module';
import { learningModule } from '../contexts/learning/module';
import { libraryModule } from '../contexts/library/module';

const database = await preferredTestDatabase();

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: Record<string, unknown> };

/**
 * Issue 35: a discussion follows its article or chapter. Whoever may not open the target now (the library's
 * and learning's own rules) finds no thread: not listed, not counted, not followed, and every route answers as
 * for a thread that does not exist, appending nothing.
 */
describe(`forum discussions follow their target on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  const learner = (subscription: 'free' | 'master' = 'free', uid = randomUUID()) => ({
    uid,
    agent: t.agent().setCookies(testUserCookies(uid, 'User', subscription)),
  });
  const draft = (name: string) => ({
    languageCode: 'de',
    name,
    category: 'Other',
    generalDifficulty: 'A2',
    content: 'Heute war ein guter Tag.',
  });

  /** Sends with its own request id and answers the status, the message and how many events the request appended. */
  const send = async (agent: Agent, call: Call) => {
    const requestId = `forum-target-${randomUUID()}`;
    const res = await agent.request({ ...call, headers: { 'x-request-id': requestId } });
    return {
      status: res.statusCode,
      detail: res.json().detail as string | undefined,
      body: res.body,
      appended: await appendedBy(t.platform.db, requestId),
    };
  };
  const ok = async (agent: Agent, call: Call, status = 200) => {
    const res = await agent.request(call);
    expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const privateArticle = async (agent: Agent, name: string): Promise<string> =>
    (await ok(agent, { method: 'POST', url: '/api/articles/create', payload: { ...draft(name), isPrivate: true } }, 201)).article.id;
  /** The author asks for publication, an admin approves: the article is public. */
  const publish = async (agent: Agent, articleId: string) => {
    await ok(agent, { method: 'POST', url: '/api/articles/add-flagged', payload: { articleIds: [articleId] } });
    await t.caughtUp();
    await ok(admin, { method: 'POST', url: '/api/admin/library/approve', payload: { articleId } });
    await t.caughtUp();
  };
  const discuss = async (agent: Agent, kind: 'article' | 'chapter', targetId: string, title: string) => {
    const started = (await ok(
      agent,
      {
        method: 'POST',
        url: '/api/forum/threads',
        payload: { commandId: randomUUID(), language: 'de', title, body: 'Was heißt das?', attachedTo: { kind, targetId } },
      },
      201,
    )) as {
      threadId: string;
      postId: string;
    };
    await t.caughtUp();
    return started;
  };
  const reply = (threadId: string, body: string, quotePostId?: string): Call => ({
    method: 'POST',
    url: `/api/forum/threads/${threadId}/posts`,
    payload: { commandId: randomUUID(), body, ...(quotePostId ? { quotePostId } : {}) },
  });
  const listed = async (agent: Agent) =>
    (await ok(agent, { method: 'GET', url: '/api/forum/threads?language=de' })).threads.map((x: { id: string }) => x.id) as string[];
  const german = async (agent: Agent) =>
    (await ok(agent, { method: 'GET', url: '/api/forum/categories' })).categories.find((c: { language: string }) => c.language === 'de')
      .threads as number;
  const following = async (agent: Agent) =>
    (await ok(agent, { method: 'GET', url: '/api/forum/subscriptions' })).threads as { id: string; unread: number }[];
  /** What every route that names a thread or post answers `agent`: status, message, events appended. */
  const everyRoute = async (agent: Agent, threadId: string, postId: string) => {
    const calls: Call[] = [
      { method: 'GET', url: `/api/forum/threads/${threadId}` },
      reply(threadId, 'Darf ich?'),
      reply(threadId, 'Zitat', postId),
      { method: 'PUT', url: `/api/forum/threads/${threadId}/subscription`, payload: { subscribed: true } },
      { method: 'POST', url: `/api/forum/threads/${threadId}/read` },
      { method: 'PUT', url: `/api/forum/posts/${postId}/upvote`, payload: { upvoted: true } },
      { method: 'POST', url: `/api/forum/posts/${postId}/report`, payload: { reason: 'spam' } },
    ];
    const answers = [];
    for (const call of calls) answers.push(await send(agent, call));
    return answers.map(({ status, detail, appended }) => [status, detail, appended]);
  };
  const missingThread = [404, M.threadNotFound, 0];
  const missingPost = [404, M.postNotFound, 0];
  const missing = [missingThread, missingThread, missingThread, missingThread, missingThread, missingPost, missingPost];

  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, learningModule, libraryModule, forumModule]);
    await seedDemoCourses(new LearningCommands(t.deps.store));
    admin = t.agent().setCookies(testUserCookies(randomUUID(), 'Admin'));
    await t.caughtUp();
  });
  afterAll(async () => t?.close());

  it("keeps a private article's discussion to its author and admins: another learner finds no such thread anywhere", async () => {
    const ana = learner();
    const ben = learner();
    const secret = `Tagebuch ${randomUUID()}`;
    const articleId = await privateArticle(ana.agent, secret);
    await t.caughtUp();
    const benCounts = await german(ben.agent);
    const { threadId, postId } = await discuss(ana.agent, 'article', articleId, secret);

    expect(await everyRoute(ben.agent, randomUUID(), randomUUID())).toEqual(missing);
    expect(await everyRoute(ben.agent, threadId, postId)).toEqual(missing);
    await t.caughtUp();
    for (const res of [
      await send(ben.agent, { method: 'GET', url: '/api/forum/threads?language=de' }),
      await send(ben.agent, { method: 'GET', url: '/api/forum/subscriptions' }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).not.toContain(secret);
    }
    expect(await german(ben.agent)).toBe(benCounts);

    // Its author and an admin may open the article: they list, count and read the thread.
    expect(await listed(ana.agent)).toContain(threadId);
    expect(await german(ana.agent)).toBe(benCounts + 1);
    expect((await ok(admin, { method: 'GET', url: `/api/forum/threads/${threadId}` })).thread.title).toBe(secret);
  });

  it('takes the thread away from whoever can no longer open the article, own posts and unread counts included; back when public again', async () => {
    const ana = learner();
    const ben = learner();
    const articleId = await privateArticle(ana.agent, 'Mein Rezept');
    await publish(ana.agent, articleId);
    const { threadId } = await discuss(ana.agent, 'article', articleId, 'Mein Rezept');
    const own = (await ok(ben.agent, reply(threadId, 'Lecker!'), 201)).postId as string;
    await ok(ben.agent, { method: 'PUT', url: `/api/forum/threads/${threadId}/subscription`, payload: { subscribed: true } });
    await ok(ana.agent, reply(threadId, 'Danke!'), 201);
    await t.caughtUp();
    expect((await following(ben.agent)).find((x) => x.id === threadId)).toMatchObject({ unread: 1 });

    // The author makes it private again: nothing of it is left for Ben.
    await ok(ana.agent, { method: 'POST', url: '/api/articles/update', payload: { ...draft('Mein Rezept'), articleId, isPrivate: true } });
    await t.caughtUp();
    expect(await listed(ben.agent)).not.toContain(threadId);
    expect((await following(ben.agent)).map((x) => x.id)).not.toContain(threadId);
    const edit = await send(ben.agent, { method: 'PATCH', url: `/api/forum/posts/${own}`, payload: { body: 'Geändert' } });
    const remove = await send(ben.agent, { method: 'DELETE', url: `/api/forum/posts/${own}` });
    expect([edit, remove].map(({ status, detail, appended }) => [status, detail, appended])).toEqual([missingPost, missingPost]);
    expect(await everyRoute(ben.agent, threadId, own)).toEqual(missing);
    expect(await listed(ana.agent)).toContain(threadId);

    // Public again: the thread, Ben's following and his unread reply are back.
    await publish(ana.agent, articleId);
    expect(await listed(ben.agent)).toContain(threadId);
    expect((await following(ben.agent)).find((x) => x.id === threadId)).toMatchObject({ unread: 1 });
    expect((await ok(ben.agent, { method: 'GET', url: `/api/forum/threads/${threadId}` })).posts).toHaveLength(3);
  });

  it('gives the discussion of a premium article or chapter to Master (and admins) only, and ends it with Master', async () => {
    const { articleId } = (await ok(
      admin,
      {
        method: 'POST',
        url: '/api/admin/library/articles',
        payload: { ...draft('Nur für Master'), isPrivate: false, isPremiumOnly: true },
      },
      201,
    )) as { articleId: string };
    await t.caughtUp();
    const master = learner('master');
    const free = learner();
    const article = await discuss(master.agent, 'article', articleId, 'Premium-Frage');
    const chapter = await discuss(master.agent, 'chapter', demo('de').chapterIds[2]![2]!, 'Premium-Kapitel'); // premium in the demo course
    await ok(master.agent, { method: 'PUT', url: `/api/forum/threads/${article.threadId}/subscription`, payload: { subscribed: true } });

    for (const { threadId, postId } of [article, chapter]) {
      expect(await everyRoute(free.agent, threadId, postId)).toEqual(missing);
      expect(await listed(free.agent)).not.toContain(threadId);
      expect(await listed(master.agent)).toContain(threadId);
      expect(await listed(admin)).toContain(threadId);
    }
    expect(await german(free.agent)).toBe((await german(master.agent)) - 2);
    expect((await send(master.agent, reply(article.threadId, 'Ich darf'))).status).toBe(201);

    // Master ended: the same learner, now free, has neither the threads nor their following.
    const lapsed = learner('free', master.uid);
    expect(await everyRoute(lapsed.agent, article.threadId, article.postId)).toEqual(missing);
    expect(await following(lapsed.agent)).toEqual([]);
  });

  it('takes a deleted article’s thread away from everyone, its author and admins too', async () => {
    const ana = learner();
    const articleId = await privateArticle(ana.agent, 'Bald weg');
    const { threadId, postId } = await discuss(ana.agent, 'article', articleId, 'Bald weg');
    await ok(ana.agent, { method: 'PUT', url: `/api/forum/threads/${threadId}/subscription`, payload: { subscribed: true } });
    await ok(ana.agent, { method: 'DELETE', url: `/api/articles/private/delete?articleId=${articleId}` });
    await t.caughtUp();
    for (const agent of [ana.agent, admin]) {
      expect(await everyRoute(agent, threadId, postId)).toEqual(missing);
      expect(await listed(agent)).not.toContain(threadId);
    }
    expect(await following(ana.agent)).toEqual([]);
  });
});
