import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COURSE_MESSAGES,
  FORUM_MESSAGES as M,
  FORUM_PAGE_SIZE,
  FORUM_RATE_LIMIT,
  LIBRARY_MESSAGES,
  type LearningLanguage,
} from '@verba/contracts';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { nameTestUser, testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { eventIdFor } from '../../platform/decider/event-ids';
import { HttpError } from '../../platform/http/problem';
import { ADMIN_ONLY } from '../../platform/http/routes';
import type { Module } from '../../platform/module';
import { UserDeleted } from '../identity/published';
import { forumModule } from './module';

const database = await preferredTestDatabase();

/**
 * Stands in for library and learning (their own rules are tested with them, and across contexts in
 * runtime/forum-discussions.test.ts): the articles and chapters a learner may open, each in its language.
 */
const targets = new Map<string, { language: LearningLanguage; premium?: boolean; readers?: Set<string> }>();
/** Who may open a target: anyone, or only its `readers` (a private article's author); a premium one nobody here. */
const mayOpen = (userId: string, id: string) => {
  const target = targets.get(id);
  return !!target && !target.premium && (!target.readers || target.readers.has(userId));
};
const owners: Module = {
  name: 'articles-and-chapters',
  readAccess: () => {
    const check = (notFound: string, premium: string) => async (user: { id: string }, id: string) => {
      const target = targets.get(id);
      if (!target || (target.readers && !target.readers.has(user.id))) throw new HttpError(404, notFound);
      if (target.premium) throw new HttpError(403, premium);
      return { language: target.language };
    };
    const visible = async (user: { id: string }, ids: readonly string[]) => new Set(ids.filter((id) => mayOpen(user.id, id)));
    return {
      article: { check: check(LIBRARY_MESSAGES.articleNotFound, LIBRARY_MESSAGES.premiumOnly), visible },
      chapter: { check: check(COURSE_MESSAGES.chapterNotFound, COURSE_MESSAGES.premiumChapter), visible },
    };
  },
};
const openable = (language: LearningLanguage, premium = false, readers?: string[]) => {
  const id = randomUUID();
  targets.set(id, { language, premium, ...(readers ? { readers: new Set(readers) } : {}) });
  return id;
};

describe(`forum routes on ${database.label}`, () => {
  let t: TestApp;
  let clock = new Date('2026-11-01T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, owners, forumModule], { now: () => clock });
  });
  afterAll(async () => t?.close());

  let people = 0;
  const as = (role = 'User'): { agent: Agent; uid: string } => {
    const uid = randomUUID();
    nameTestUser(uid, `Learner Nummer ${++people}`);
    return { agent: t.agent().setCookies(testUserCookies(uid, role)), uid };
  };
  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
  const start = async (agent: Agent, extra: Record<string, unknown> = {}) => {
    const res = await agent.request({
      method: 'POST',
      url: '/api/forum/threads',
      payload: { commandId: randomUUID(), language: 'de', title: 'Wie lernt ihr Artikel?', body: 'Der, die, das: **Tipps**?', ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { threadId: string; postId: string; position: string };
  };
  const reply = (agent: Agent, threadId: string, body: string, quotePostId?: string) =>
    agent.request({
      method: 'POST',
      url: `/api/forum/threads/${threadId}/posts`,
      payload: { commandId: randomUUID(), body, ...(quotePostId ? { quotePostId } : {}) },
    });
  const thread = async (agent: Agent, threadId: string, position?: string) => {
    const res = await agent.request({ method: 'GET', url: `/api/forum/threads/${threadId}${position ? `?minPosition=${position}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      thread: { title: string; author: string; locked: boolean; unread: number; subscribed: boolean; replies: number };
      posts: {
        id: string;
        author: string;
        html: string;
        markdown: string | null;
        mine: boolean;
        editable: boolean;
        deleted: boolean;
        hidden: boolean;
        upvotes: number;
        quote: { html: string } | null;
      }[];
      total: number;
    };
  };

  it('documents the forum routes in the OpenAPI document', async () => {
    const paths = Object.keys((await t.agent().request({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const p of [
      '/api/forum/threads',
      '/api/forum/threads/{threadId}/posts',
      '/api/forum/posts/{postId}',
      '/api/admin/forum/posts/{postId}/hidden',
    ])
      expect(paths).toContain(p);
  });

  it('refuses guests, and learners on moderation', async () => {
    expect((await t.agent().request({ method: 'GET', url: '/api/forum/categories' })).statusCode).toBe(401);
    const { agent } = as();
    const { threadId, postId } = await start(agent);
    const hide = await agent.request({ method: 'PUT', url: `/api/admin/forum/posts/${postId}/hidden`, payload: { hidden: true } });
    expect(hide.statusCode).toBe(403);
    expect(hide.json().detail).toBe(ADMIN_ONLY);
    expect(
      (await agent.request({ method: 'PUT', url: `/api/admin/forum/threads/${threadId}/locked`, payload: { locked: true } })).statusCode,
    ).toBe(403);
  });

  it('starts a thread, replies with a quote, pages the thread and lists it in its language', async () => {
    const ana = as();
    const ben = as();
    nameTestUser(ana.uid, 'Ana Álvarez');
    nameTestUser(ben.uid, 'Ben Becker');
    const { threadId, postId } = await start(ana.agent);
    const res = await reply(ben.agent, threadId, 'Mit Farben!', postId);
    expect(res.statusCode).toBe(201);
    const view = await thread(ana.agent, threadId, res.json().position);
    expect(view.thread.title).toBe('Wie lernt ihr Artikel?');
    expect(view.posts.map((p) => p.html)).toEqual(['<p>Der, die, das: <strong>Tipps</strong>?</p>\n', '<p>Mit Farben!</p>\n']);
    expect(view.posts[1]!.quote?.html).toContain('<strong>Tipps</strong>');
    expect(view.posts[0]!.mine).toBe(true);
    expect(view.posts[1]!.mine).toBe(false);
    // Authors by their display names (identity's), the quoted one too; the names never enter the forum's events.
    expect(view.thread.author).toBe('Ana Álvarez');
    expect(view.posts.map((p) => p.author)).toEqual(['Ana Álvarez', 'Ben Becker']);
    expect((view.posts[1]!.quote as { author?: string } | null)?.author).toBe('Ana Álvarez');
    const logged = JSON.stringify((await t.platform.db.raw("select data from es_events where type like 'forum.%'")).rows);
    expect(logged).not.toMatch(/Álvarez|Becker/);
    // The Markdown as written goes only to its author, for the edit form.
    expect(view.posts.map((p) => p.markdown)).toEqual(['Der, die, das: **Tipps**?', null]);
    const list = (await ana.agent.request({ method: 'GET', url: '/api/forum/threads?language=de' })).json() as {
      threads: { id: string; replies: number }[];
    };
    expect(list.threads.find((x) => x.id === threadId)?.replies).toBe(1);
  });

  it('validates input with clear messages and appends nothing', async () => {
    const { agent } = as();
    const before = await eventCount();
    const empty = await agent.request({
      method: 'POST',
      url: '/api/forum/threads',
      payload: { commandId: randomUUID(), language: 'de', title: '  ', body: 'x' },
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().errors)).toContain(M.required);
    const long = await agent.request({
      method: 'POST',
      url: '/api/forum/threads',
      payload: { commandId: randomUUID(), language: 'de', title: 'ok', body: 'x'.repeat(5001) },
    });
    expect(JSON.stringify(long.json().errors)).toContain(M.bodyMax);
    expect((await reply(agent, randomUUID(), 'hello')).statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('makes stored-XSS payloads inert', async () => {
    const { agent } = as();
    const payload = '<script>alert(1)</script><img src=x onerror=alert(1)> [x](javascript:alert(1)) <iframe src=//evil.example></iframe>';
    const { threadId, position } = await start(agent, { title: '<img src=x onerror=alert(1)>', body: payload });
    const view = await thread(agent, threadId, position);
    expect(view.posts[0]!.html).not.toMatch(/<script|onerror=|href="javascript:|<iframe/i);
    // The title is plain text: the page renders it as text, never as HTML.
    expect(view.thread.title).toBe('<img src=x onerror=alert(1)>');
    // A reply quoting it carries the quoted post as the same sanitized HTML, and its own payloads inert too.
    const quoting = await reply(
      agent,
      threadId,
      '<svg onload=alert(2)></svg><a href="JaVaScRiPt:alert(3)">here</a><form action="https://evil.example"><input name="password"></form>',
      view.posts[0]!.id,
    );
    expect(quoting.statusCode, quoting.body).toBe(201);
    const [, answer] = (await thread(agent, threadId, quoting.json().position)).posts;
    expect(answer!.quote?.html).toBe(view.posts[0]!.html);
    expect(answer!.html).not.toMatch(/<svg|<form|<input|onload=|javascript:/i);
    expect(answer!.html).toContain('here</a>');
  });

  it('lets only the author edit, within 15 minutes, and delete', async () => {
    const ana = as();
    const ben = as();
    const { threadId, postId } = await start(ana.agent);
    const byBen = await ben.agent.request({ method: 'PATCH', url: `/api/forum/posts/${postId}`, payload: { body: 'hijacked' } });
    expect(byBen.statusCode).toBe(403);
    expect(byBen.json().detail).toBe(M.notYours);
    expect((await ben.agent.request({ method: 'DELETE', url: `/api/forum/posts/${postId}` })).statusCode).toBe(403);
    const edited = await ana.agent.request({ method: 'PATCH', url: `/api/forum/posts/${postId}`, payload: { body: 'Besser so.' } });
    expect(edited.statusCode).toBe(200);
    expect((await thread(ana.agent, threadId, edited.json().position)).posts[0]!.html).toBe('<p>Besser so.</p>\n');
    clock = new Date(clock.getTime() + 16 * 60_000);
    const late = await ana.agent.request({ method: 'PATCH', url: `/api/forum/posts/${postId}`, payload: { body: 'Zu spät.' } });
    expect(late.statusCode).toBe(403);
    expect(late.json().detail).toBe(M.editWindow);
    const deleted = await ana.agent.request({ method: 'DELETE', url: `/api/forum/posts/${postId}` });
    expect(deleted.statusCode).toBe(200);
    const view = await thread(ben.agent, threadId, deleted.json().position);
    expect(view.posts[0]).toMatchObject({ deleted: true, html: '' });
  });

  it("refuses a learner's upvote of their own post, with the reason, and appends nothing", async () => {
    const ana = as();
    const { threadId, postId, position } = await start(ana.agent);
    const before = await eventCount();
    const res = await ana.agent.request({ method: 'PUT', url: `/api/forum/posts/${postId}/upvote`, payload: { upvoted: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(M.ownUpvote);
    expect(await eventCount()).toBe(before);
    expect((await thread(ana.agent, threadId, position)).posts[0]).toMatchObject({ mine: true, upvotes: 0 });
  });

  it('counts upvotes once per learner, and unread replies for followers', async () => {
    const ana = as();
    const ben = as();
    const { threadId, postId } = await start(ana.agent);
    await ana.agent.request({ method: 'PUT', url: `/api/forum/threads/${threadId}/subscription`, payload: { subscribed: true } });
    for (let i = 0; i < 2; i++)
      await ben.agent.request({ method: 'PUT', url: `/api/forum/posts/${postId}/upvote`, payload: { upvoted: true } });
    const r1 = await reply(ben.agent, threadId, 'Eins');
    const r2 = await reply(ben.agent, threadId, 'Zwei');
    expect(r1.statusCode).toBe(201);
    const subs = (await ana.agent.request({ method: 'GET', url: `/api/forum/subscriptions?minPosition=${r2.json().position}` })).json() as {
      threads: { id: string; unread: number }[];
    };
    expect(subs.threads.find((x) => x.id === threadId)?.unread).toBe(2);
    expect((await thread(ana.agent, threadId)).posts[0]!.upvotes).toBe(1);
    const read = await ana.agent.request({ method: 'POST', url: `/api/forum/threads/${threadId}/read` });
    expect(read.statusCode).toBe(200);
    expect((await thread(ana.agent, threadId, read.json().position)).thread.unread).toBe(0);
    // Nothing new: marking read again appends nothing.
    const before = await eventCount();
    await ana.agent.request({ method: 'POST', url: `/api/forum/threads/${threadId}/read` });
    expect(await eventCount()).toBe(before);
  });

  it('lets admins see reports, hide a reply and lock a thread', async () => {
    const ana = as();
    const ben = as();
    const admin = as('Admin');
    const { threadId } = await start(ana.agent);
    const bad = (await reply(ben.agent, threadId, 'Kauft billige Uhren!')).json() as { postId: string };
    const report = await ana.agent.request({ method: 'POST', url: `/api/forum/posts/${bad.postId}/report`, payload: { reason: 'spam' } });
    expect(report.statusCode).toBe(200);
    type Reports = {
      reports: {
        post: { id: string; text: string };
        thread: { id: string; title: string; locked: boolean };
        reports: { reporter: string; reason: string; at: number }[];
        open: boolean;
      }[];
      total: number;
      open: number;
    };
    const listed = (position: string) =>
      admin.agent.request({ method: 'GET', url: `/api/admin/forum/reports?minPosition=${position}` }).then((r) => r.json() as Reports);
    const before = await listed(report.json().position);
    expect(before.reports.find((x) => x.post.id === bad.postId)).toMatchObject({
      post: { text: 'Kauft billige Uhren!' },
      thread: { id: threadId, title: 'Wie lernt ihr Artikel?', locked: false },
      reports: [{ reason: 'spam', details: null, at: clock.getTime() }],
      open: true,
    });
    const hidden = await admin.agent.request({
      method: 'PUT',
      url: `/api/admin/forum/posts/${bad.postId}/hidden`,
      payload: { hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    // A hidden post leaves the open count and goes after the open ones; it stays listed so it can be shown again.
    const after = await listed(hidden.json().position);
    expect(after.open).toBe(before.open - 1);
    expect(after.reports.find((x) => x.post.id === bad.postId)?.open).toBe(false);
    expect(after.reports.findIndex((x) => !x.open)).toBe(after.open);
    const seen = (await thread(ana.agent, threadId, hidden.json().position)).posts.find((p) => p.id === bad.postId)!;
    expect(seen).toMatchObject({ hidden: true, html: '' });
    const locked = await admin.agent.request({
      method: 'PUT',
      url: `/api/admin/forum/threads/${threadId}/locked`,
      payload: { locked: true },
    });
    expect(locked.statusCode).toBe(200);
    const refused = await reply(ana.agent, threadId, 'Noch was');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(M.locked);
  });

  it('gives an article one discussion thread', async () => {
    const ana = as();
    const articleId = openable('de');
    const before = (await ana.agent.request({ method: 'GET', url: `/api/forum/discussions/article/${articleId}` })).json() as {
      threadId: string;
      started: boolean;
      language: string;
    };
    expect(before).toMatchObject({ started: false, language: 'de' });
    const { threadId, position } = await start(ana.agent, { attachedTo: { kind: 'article', targetId: articleId } });
    expect(threadId).toBe(before.threadId);
    expect(
      (await ana.agent.request({ method: 'GET', url: `/api/forum/discussions/article/${articleId}?minPosition=${position}` })).json()
        .started,
    ).toBe(true);
    const twice = await as().agent.request({
      method: 'POST',
      url: '/api/forum/threads',
      payload: { commandId: randomUUID(), language: 'de', title: 'Again', body: 'x', attachedTo: { kind: 'article', targetId: articleId } },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(M.started);
  });

  it('discusses only an article or chapter the caller may open, in its language; a refusal appends nothing and costs no post', async () => {
    const { agent } = as();
    const frenchChapter = openable('fr');
    const spanishArticle = openable('es');
    const premiumChapter = openable('de', true);
    const discussion = (kind: string, id: string) => agent.request({ method: 'GET', url: `/api/forum/discussions/${kind}/${id}` });
    const startOn = (kind: string, targetId: string, language: LearningLanguage) =>
      agent.request({
        method: 'POST',
        url: '/api/forum/threads',
        payload: { commandId: randomUUID(), language, title: 'Eine Frage', body: 'Was heißt das?', attachedTo: { kind, targetId } },
      });
    const before = await eventCount();
    const refusals = [
      [await startOn('article', randomUUID(), 'de'), 404, LIBRARY_MESSAGES.articleNotFound],
      [await startOn('chapter', randomUUID(), 'de'), 404, COURSE_MESSAGES.chapterNotFound],
      [await startOn('chapter', premiumChapter, 'de'), 403, COURSE_MESSAGES.premiumChapter],
      [await startOn('chapter', frenchChapter, 'de'), 400, M.wrongLanguage],
      [await startOn('article', spanishArticle, 'ru'), 400, M.wrongLanguage],
      [await discussion('article', randomUUID()), 404, LIBRARY_MESSAGES.articleNotFound],
      [await discussion('chapter', premiumChapter), 403, COURSE_MESSAGES.premiumChapter],
    ] as const;
    for (const [res, status, message] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toBe(message);
    }
    expect(await eventCount()).toBe(before);
    // Five refused starts, as many as the rate limit allows posts a minute: the next start still goes through.
    expect((await discussion('chapter', frenchChapter)).json()).toMatchObject({ started: false, language: 'fr' });
    const started = await startOn('chapter', frenchChapter, 'fr');
    expect(started.statusCode, started.body).toBe(201);
    expect((await discussion('article', spanishArticle)).json()).toMatchObject({ started: false, language: 'es' });
  });

  it('answers a thread on a target the caller may not open as one that does not exist, on every route, appending nothing', async () => {
    const ana = as();
    const ben = as();
    const admin = as('Admin');
    const secret = `Geheim ${randomUUID()}`;
    const articleId = openable('de', false, [ana.uid, admin.uid]);
    const { threadId, postId, position } = await start(ana.agent, { title: secret, attachedTo: { kind: 'article', targetId: articleId } });
    const categories = async (agent: Agent) =>
      (
        (await agent.request({ method: 'GET', url: `/api/forum/categories?minPosition=${position}` })).json() as {
          categories: { language: string; threads: number }[];
        }
      ).categories;
    const german = async (agent: Agent) => (await categories(agent)).find((c) => c.language === 'de')!.threads;
    const before = await eventCount();
    const answer = (res: { statusCode: number; json(): { detail?: string } }) => [res.statusCode, res.json().detail];
    const asBen = async (thread: string, post: string) => [
      answer(await ben.agent.request({ method: 'GET', url: `/api/forum/threads/${thread}?minPosition=${position}` })),
      answer(await reply(ben.agent, thread, 'Darf ich?')),
      answer(await reply(ben.agent, thread, 'Zitat', post)),
      answer(await ben.agent.request({ method: 'PUT', url: `/api/forum/threads/${thread}/subscription`, payload: { subscribed: true } })),
      answer(await ben.agent.request({ method: 'POST', url: `/api/forum/threads/${thread}/read` })),
      answer(await ben.agent.request({ method: 'PUT', url: `/api/forum/posts/${post}/upvote`, payload: { upvoted: true } })),
      answer(await ben.agent.request({ method: 'POST', url: `/api/forum/posts/${post}/report`, payload: { reason: 'spam' } })),
    ];
    const missing = [
      [404, M.threadNotFound],
      [404, M.threadNotFound],
      [404, M.threadNotFound],
      [404, M.threadNotFound],
      [404, M.threadNotFound],
      [404, M.postNotFound],
      [404, M.postNotFound],
    ];
    expect(await asBen(randomUUID(), randomUUID())).toEqual(missing);
    expect(await asBen(threadId, postId)).toEqual(missing);
    expect(await eventCount()).toBe(before);
    const listed = async (agent: Agent) =>
      (await agent.request({ method: 'GET', url: `/api/forum/threads?language=de&minPosition=${position}` })).body;
    expect(await listed(ben.agent)).not.toContain(secret);
    expect(await german(ben.agent)).toBe((await german(ana.agent)) - 1);
    // Those who may open the target (its author, an admin here) see and use it.
    expect(await listed(ana.agent)).toContain(secret);
    expect(await german(admin.agent)).toBe(await german(ana.agent));
    expect((await thread(admin.agent, threadId)).thread.title).toBe(secret);
    expect((await reply(admin.agent, threadId, 'Moderation', postId)).statusCode).toBe(201);
  });

  it('ends the thread for a learner whose access to its target ended, and brings it back with it', async () => {
    const ana = as();
    const ben = as();
    const chapterId = openable('fr', false, [ana.uid, ben.uid]);
    const { threadId, postId } = await start(ana.agent, {
      language: 'fr',
      title: 'Chapitre',
      attachedTo: { kind: 'chapter', targetId: chapterId },
    });
    const own = (await reply(ben.agent, threadId, 'Ma réponse')).json() as { postId: string };
    await ben.agent.request({ method: 'PUT', url: `/api/forum/threads/${threadId}/subscription`, payload: { subscribed: true } });
    const { position } = (await reply(ana.agent, threadId, 'Nouveau')).json() as { position: string };
    type Subs = { threads: { id: string; unread: number }[] };
    const following = async () =>
      ((await ben.agent.request({ method: 'GET', url: `/api/forum/subscriptions?minPosition=${position}` })).json() as Subs).threads.find(
        (x) => x.id === threadId,
      );
    const listed = async () =>
      (
        (await ben.agent.request({ method: 'GET', url: `/api/forum/threads?language=fr&minPosition=${position}` })).json() as {
          threads: { id: string }[];
        }
      ).threads.some((x) => x.id === threadId);
    expect(await following()).toMatchObject({ unread: 1 });
    expect(await listed()).toBe(true);

    targets.get(chapterId)!.readers!.delete(ben.uid);
    const before = await eventCount();
    expect(await following()).toBeUndefined();
    expect(await listed()).toBe(false);
    for (const res of [
      await ben.agent.request({ method: 'PATCH', url: `/api/forum/posts/${own.postId}`, payload: { body: 'Geändert' } }),
      await ben.agent.request({ method: 'DELETE', url: `/api/forum/posts/${own.postId}` }),
      await ben.agent.request({ method: 'PUT', url: `/api/forum/posts/${postId}/upvote`, payload: { upvoted: true } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(M.postNotFound);
    }
    expect((await ben.agent.request({ method: 'GET', url: `/api/forum/threads/${threadId}` })).statusCode).toBe(404);
    expect(await eventCount()).toBe(before);

    targets.get(chapterId)!.readers!.add(ben.uid);
    expect(await following()).toMatchObject({ unread: 1 });
    expect(await listed()).toBe(true);
  });

  it('pages and counts in SQL only the threads the caller may open: totals and cursors hold', async () => {
    const ana = as();
    const ben = as();
    const writers = [as(), as(), as(), as(), as()]; // each stays under the rate limit
    const insiders = [ana.uid, ...writers.map((w) => w.uid)];
    const hidden: string[] = [];
    let position = '';
    for (const w of writers)
      for (let k = 0; k < 4; k++) {
        clock = new Date(clock.getTime() + 1000);
        const s = await start(w.agent, {
          language: 'ru',
          title: 'Закрыто',
          attachedTo: { kind: 'article', targetId: openable('ru', false, insiders) },
        });
        hidden.push(s.threadId);
      }
    clock = new Date(clock.getTime() + 1000);
    hidden.push(
      (
        await start(ana.agent, {
          language: 'ru',
          title: 'Глава',
          attachedTo: { kind: 'chapter', targetId: openable('ru', false, insiders) },
        })
      ).threadId,
    );
    const open = [(await start(ben.agent, { language: 'ru', title: 'Открыто 1' })).threadId];
    ({ threadId: open[1], position } = await start(ben.agent, { language: 'ru', title: 'Открыто 2' }));
    type Page = { threads: { id: string }[]; total: number; nextCursor: string | null };
    const list = async (agent: Agent, query = '') =>
      (await agent.request({ method: 'GET', url: `/api/forum/threads?language=ru&minPosition=${position}${query}` })).json() as Page;
    const russian = async (agent: Agent) =>
      (
        (await agent.request({ method: 'GET', url: '/api/forum/categories' })).json() as {
          categories: { language: string; threads: number }[];
        }
      ).categories.find((c) => c.language === 'ru')!.threads;

    const forBen = await list(ben.agent);
    expect(forBen.total).toBe(forBen.threads.length);
    expect(forBen.nextCursor).toBeNull();
    expect(forBen.threads.map((x) => x.id)).toEqual(expect.arrayContaining(open));
    expect(forBen.threads.filter((x) => hidden.includes(x.id))).toEqual([]);
    expect(await list(ben.agent, '&page=2')).toMatchObject({ threads: [], total: forBen.total });

    const first = await list(ana.agent);
    expect(first.total).toBe(forBen.total + hidden.length);
    expect(first.threads).toHaveLength(FORUM_PAGE_SIZE);
    const rest = await list(ana.agent, `&cursor=${first.nextCursor}`);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.threads, ...rest.threads].map((x) => x.id))).toEqual(new Set([...hidden, ...forBen.threads.map((x) => x.id)]));
    expect(await russian(ana.agent)).toBe((await russian(ben.agent)) + hidden.length);
  });

  it(`limits a learner to ${FORUM_RATE_LIMIT.posts} posts a minute (429 with Retry-After)`, async () => {
    const { agent } = as();
    const { threadId } = await start(agent);
    for (let i = 1; i < FORUM_RATE_LIMIT.posts; i++) expect((await reply(agent, threadId, `Nummer ${i}`)).statusCode).toBe(201);
    const before = await eventCount();
    const refused = await reply(agent, threadId, 'Eine zu viel');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(M.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await eventCount()).toBe(before);
    // Another learner is not held back.
    expect((await reply(as().agent, threadId, 'Ich darf')).statusCode).toBe(201);
  });

  it('takes a report reason from the fixed list with optional details, sealed in the log, shown to admins', async () => {
    const ana = as();
    const ben = as();
    const admin = as('Admin');
    nameTestUser(ben.uid, 'Ben Berichter');
    const { postId } = await start(ana.agent);
    const before = await eventCount();
    const report = (payload: Record<string, unknown>) =>
      ben.agent.request({ method: 'POST', url: `/api/forum/posts/${postId}/report`, payload });
    for (const payload of [{}, { reason: 'boring' }, { reason: 'Spam' }]) {
      const refused = await report(payload);
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json().errors)).toContain(M.reasonRequired);
    }
    const long = await report({ reason: 'other', details: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json().errors)).toContain(M.reasonMax);
    expect(await eventCount()).toBe(before);
    const done = await report({ reason: 'abuse', details: 'Beleidigt <b>mich</b> ständig' });
    expect(done.statusCode, done.body).toBe(200);
    const logged = JSON.stringify((await t.platform.db.raw("select data from es_events where type = 'forum.PostReported'")).rows);
    expect(logged).not.toContain('Beleidigt');
    const { reports } = (
      await admin.agent.request({ method: 'GET', url: `/api/admin/forum/reports?minPosition=${done.json().position}` })
    ).json() as { reports: { post: { id: string }; reports: unknown[] }[] };
    expect(reports.find((r) => r.post.id === postId)?.reports).toEqual([
      { reporter: 'Ben Berichter', reason: 'abuse', details: 'Beleidigt <b>mich</b> ständig', at: clock.getTime() },
    ]);
  });

  it('loads more threads and replies after a server cursor, with nothing shown twice or skipped', async () => {
    const writers = () => [as(), as(), as(), as(), as()]; // each stays under the rate limit
    type Page = { threads?: { id: string }[]; posts?: { id: string; html: string }[]; nextCursor: string | null };
    const get = async (url: string) => {
      const res = await writers()[0]!.agent.request({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    };
    const started: string[] = [];
    let position = '';
    for (const [i, w] of [...writers(), ...writers()].slice(0, 6).entries())
      for (let k = 0; k < 4; k++) {
        clock = new Date(clock.getTime() + 1000);
        const s = await start(w.agent, { language: 'es', title: `Hilo ${i}.${k}` });
        started.push(s.threadId);
        position = s.position;
      }
    const first = await get(`/api/forum/threads?language=es&minPosition=${position}`);
    expect(first.threads).toHaveLength(FORUM_PAGE_SIZE);
    // A thread becoming active meanwhile moves to the top: the next page still goes on from where the first ended.
    clock = new Date(clock.getTime() + 1000);
    position = (await reply(as().agent, first.threads![3]!.id, 'Neu oben')).json().position;
    const rest = await get(`/api/forum/threads?language=es&cursor=${first.nextCursor}&minPosition=${position}`);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.threads!, ...rest.threads!].map((x) => x.id))).toEqual(new Set(started));

    const { threadId } = await start(as().agent);
    const ws = writers();
    for (let i = 0; i < FORUM_PAGE_SIZE + 2; i++) {
      const res = await reply(ws[i % ws.length]!.agent, threadId, `Antwort ${i}`);
      expect(res.statusCode).toBe(201);
      position = res.json().position;
    }
    const head = await get(`/api/forum/threads/${threadId}?minPosition=${position}`);
    expect(head.posts).toHaveLength(FORUM_PAGE_SIZE);
    const tail = await get(`/api/forum/threads/${threadId}?cursor=${head.nextCursor}`);
    expect(tail.posts!.map((p) => p.html)).toEqual([
      `<p>Antwort ${FORUM_PAGE_SIZE - 1}</p>\n`,
      `<p>Antwort ${FORUM_PAGE_SIZE}</p>\n`,
      `<p>Antwort ${FORUM_PAGE_SIZE + 1}</p>\n`,
    ]);
    expect(tail.nextCursor).toBeNull();
    const bad = await writers()[0]!.agent.request({ method: 'GET', url: `/api/forum/threads/${threadId}?cursor=abc` });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain(M.badCursor);
  });

  it('pages the reported posts on the server, open ones first', async () => {
    const admin = as('Admin');
    const ana = as();
    const { threadId } = await start(ana.agent);
    // Five writers: each stays under the rate limit.
    const writers = [as(), as(), as(), as(), as()];
    let position = '';
    for (let i = 0; i < FORUM_PAGE_SIZE + 1; i++) {
      clock = new Date(clock.getTime() + 1000);
      const { postId } = (await reply(writers[i % writers.length]!.agent, threadId, `Werbung ${i}`)).json() as { postId: string };
      position = (await ana.agent.request({ method: 'POST', url: `/api/forum/posts/${postId}/report`, payload: { reason: 'spam' } })).json()
        .position;
    }
    const first = (await admin.agent.request({ method: 'GET', url: `/api/admin/forum/reports?minPosition=${position}` })).json() as {
      reports: { post: { text: string } }[];
      total: number;
      page: number;
    };
    expect(first.reports).toHaveLength(FORUM_PAGE_SIZE);
    // The most recently reported first.
    expect(first.reports[0]!.post.text).toBe(`Werbung ${FORUM_PAGE_SIZE}`);
    const second = (await admin.agent.request({ method: 'GET', url: `/api/admin/forum/reports?page=2` })).json() as typeof first;
    expect(second.page).toBe(2);
    expect(second.total).toBe(first.total);
    expect(second.reports.map((r) => r.post.text)).not.toContain(`Werbung ${FORUM_PAGE_SIZE}`);
  });

  it("shows a deleted user's posts as from a deleted account with their text erased", async () => {
    const ana = as();
    const ben = as();
    nameTestUser(ana.uid, 'Ana Geheim');
    const { threadId, position: started } = await start(ana.agent, { title: 'Geheimnis', body: 'Mein geheimer Text' });
    expect((await thread(ben.agent, threadId, started)).posts[0]!.author).toBe('Ana Geheim');
    await reply(ben.agent, threadId, 'Antwort bleibt');
    // What identity does on deletion: shred the key (the name goes with it), then append the one event other contexts follow.
    await t.deps.personalData.shred(ana.uid);
    nameTestUser(ana.uid, undefined);
    const { position } = await t.deps.store.append(
      `identity-user-${ana.uid}`,
      [
        {
          id: eventIdFor(ana.uid, 'deleted'),
          type: UserDeleted.type,
          version: UserDeleted.version,
          data: { userId: ana.uid, at: new Date().toISOString() },
        },
      ],
      'any',
    );
    expect(await t.deps.projections.waitFor(position, { timeoutMs: 5000 })).toBe(true);
    const view = await thread(ben.agent, threadId);
    expect(view.thread).toMatchObject({ title: '', author: M.deletedAccount });
    expect(view.posts[0]).toMatchObject({ author: M.deletedAccount, html: '' });
    expect(JSON.stringify(view)).not.toContain('Ana Geheim');
    expect(view.posts[1]!.html).toBe('<p>Antwort bleibt</p>\n');
    const dump =
      JSON.stringify(await t.platform.db('forum_posts').select('body')) +
      JSON.stringify(await t.platform.db('forum_threads').select('title'));
    expect(dump).not.toContain('geheimer');
    expect(dump).not.toContain('Geheimnis');
  });
});
