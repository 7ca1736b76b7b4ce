import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_MESSAGES as M, FORUM_RATE_LIMIT } from '@verba/contracts';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { eventIdFor } from '../../platform/decider/event-ids';
import { ADMIN_ONLY } from '../../platform/http/routes';
import { UserDeleted } from '../identity/published';
import { forumModule } from './module';

const database = await preferredTestDatabase();

describe(`forum routes on ${database.label}`, () => {
  let t: TestApp;
  let clock = new Date('2026-11-01T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, forumModule], { now: () => clock });
  });
  afterAll(async () => t?.close());

  const as = (role = 'User'): { agent: Agent; uid: string } => {
    const uid = randomUUID();
    return { agent: t.agent().setCookies(testUserCookies(uid, role)), uid };
  };
  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
  const start = async (agent: Agent, extra: Record<string, unknown> = {}) => {
    const res = await agent.request({ method: 'POST', url: '/api/forum/threads', payload: { commandId: randomUUID(), language: 'de', title: 'Wie lernt ihr Artikel?', body: 'Der, die, das: **Tipps**?', ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { threadId: string; postId: string; position: string };
  };
  const reply = (agent: Agent, threadId: string, body: string, quotePostId?: string) =>
    agent.request({ method: 'POST', url: `/api/forum/threads/${threadId}/posts`, payload: { commandId: randomUUID(), body, ...(quotePostId ? { quotePostId } : {}) } });
  const thread = async (agent: Agent, threadId: string, position?: string) => {
    const res = await agent.request({ method: 'GET', url: `/api/forum/threads/${threadId}${position ? `?minPosition=${position}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { thread: { title: string; author: string; locked: boolean; unread: number; subscribed: boolean; replies: number }; posts: { id: string; author: string; html: string; markdown: string | null; mine: boolean; editable: boolean; deleted: boolean; hidden: boolean; upvotes: number; quote: { html: string } | null }[]; total: number };
  };

  it('documents the forum routes in the OpenAPI document', async () => {
    const paths = Object.keys((await t.agent().request({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const p of ['/api/forum/threads', '/api/forum/threads/{threadId}/posts', '/api/forum/posts/{postId}', '/api/admin/forum/posts/{postId}/hidden']) expect(paths).toContain(p);
  });

  it('refuses guests, and learners on moderation', async () => {
    expect((await t.agent().request({ method: 'GET', url: '/api/forum/categories' })).statusCode).toBe(401);
    const { agent } = as();
    const { threadId, postId } = await start(agent);
    const hide = await agent.request({ method: 'PUT', url: `/api/admin/forum/posts/${postId}/hidden`, payload: { hidden: true } });
    expect(hide.statusCode).toBe(403);
    expect(hide.json().detail).toBe(ADMIN_ONLY);
    expect((await agent.request({ method: 'PUT', url: `/api/admin/forum/threads/${threadId}/locked`, payload: { locked: true } })).statusCode).toBe(403);
  });

  it('starts a thread, replies with a quote, pages the thread and lists it in its language', async () => {
    const ana = as();
    const ben = as();
    const { threadId, postId } = await start(ana.agent);
    const res = await reply(ben.agent, threadId, 'Mit Farben!', postId);
    expect(res.statusCode).toBe(201);
    const view = await thread(ana.agent, threadId, res.json().position);
    expect(view.thread.title).toBe('Wie lernt ihr Artikel?');
    expect(view.posts.map((p) => p.html)).toEqual(['<p>Der, die, das: <strong>Tipps</strong>?</p>\n', '<p>Mit Farben!</p>\n']);
    expect(view.posts[1]!.quote?.html).toContain('<strong>Tipps</strong>');
    expect(view.posts[0]!.mine).toBe(true);
    expect(view.posts[1]!.mine).toBe(false);
    expect(view.posts[0]!.author).not.toBe(view.posts[1]!.author);
    // The Markdown as written goes only to its author, for the edit form.
    expect(view.posts.map((p) => p.markdown)).toEqual(['Der, die, das: **Tipps**?', null]);
    const list = (await ana.agent.request({ method: 'GET', url: '/api/forum/threads?language=de' })).json() as { threads: { id: string; replies: number }[] };
    expect(list.threads.find((x) => x.id === threadId)?.replies).toBe(1);
  });

  it('validates input with clear messages and appends nothing', async () => {
    const { agent } = as();
    const before = await eventCount();
    const empty = await agent.request({ method: 'POST', url: '/api/forum/threads', payload: { commandId: randomUUID(), language: 'de', title: '  ', body: 'x' } });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().errors)).toContain(M.required);
    const long = await agent.request({ method: 'POST', url: '/api/forum/threads', payload: { commandId: randomUUID(), language: 'de', title: 'ok', body: 'x'.repeat(5001) } });
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

  it('counts upvotes once per learner, and unread replies for followers', async () => {
    const ana = as();
    const ben = as();
    const { threadId, postId } = await start(ana.agent);
    await ana.agent.request({ method: 'PUT', url: `/api/forum/threads/${threadId}/subscription`, payload: { subscribed: true } });
    for (let i = 0; i < 2; i++) await ben.agent.request({ method: 'PUT', url: `/api/forum/posts/${postId}/upvote`, payload: { upvoted: true } });
    const r1 = await reply(ben.agent, threadId, 'Eins');
    const r2 = await reply(ben.agent, threadId, 'Zwei');
    expect(r1.statusCode).toBe(201);
    const subs = (await ana.agent.request({ method: 'GET', url: `/api/forum/subscriptions?minPosition=${r2.json().position}` })).json() as { threads: { id: string; unread: number }[] };
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
    const report = await ana.agent.request({ method: 'POST', url: `/api/forum/posts/${bad.postId}/report`, payload: { reason: 'Spam' } });
    expect(report.statusCode).toBe(200);
    const reports = (await admin.agent.request({ method: 'GET', url: `/api/admin/forum/reports?minPosition=${report.json().position}` })).json() as { reports: { post: { id: string; text: string }; reasons: string[] }[] };
    expect(reports.reports.find((x) => x.post.id === bad.postId)).toMatchObject({ post: { text: 'Kauft billige Uhren!' }, reasons: ['Spam'] });
    const hidden = await admin.agent.request({ method: 'PUT', url: `/api/admin/forum/posts/${bad.postId}/hidden`, payload: { hidden: true } });
    expect(hidden.statusCode).toBe(200);
    const seen = (await thread(ana.agent, threadId, hidden.json().position)).posts.find((p) => p.id === bad.postId)!;
    expect(seen).toMatchObject({ hidden: true, html: '' });
    const locked = await admin.agent.request({ method: 'PUT', url: `/api/admin/forum/threads/${threadId}/locked`, payload: { locked: true } });
    expect(locked.statusCode).toBe(200);
    const refused = await reply(ana.agent, threadId, 'Noch was');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(M.locked);
  });

  it('gives an article one discussion thread', async () => {
    const ana = as();
    const articleId = randomUUID();
    const before = (await ana.agent.request({ method: 'GET', url: `/api/forum/discussions/article/${articleId}` })).json() as { threadId: string; started: boolean };
    expect(before.started).toBe(false);
    const { threadId, position } = await start(ana.agent, { attachedTo: { kind: 'article', targetId: articleId } });
    expect(threadId).toBe(before.threadId);
    expect((await ana.agent.request({ method: 'GET', url: `/api/forum/discussions/article/${articleId}?minPosition=${position}` })).json().started).toBe(true);
    const twice = await as().agent.request({ method: 'POST', url: '/api/forum/threads', payload: { commandId: randomUUID(), language: 'de', title: 'Again', body: 'x', attachedTo: { kind: 'article', targetId: articleId } } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(M.started);
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

  it("shows a deleted user's posts as from a deleted account with their text erased", async () => {
    const ana = as();
    const ben = as();
    const { threadId } = await start(ana.agent, { title: 'Geheimnis', body: 'Mein geheimer Text' });
    await reply(ben.agent, threadId, 'Antwort bleibt');
    // What identity does on deletion: shred the key, then append the one event other contexts follow.
    await t.deps.personalData.shred(ana.uid);
    const { position } = await t.deps.store.append(
      `identity-user-${ana.uid}`,
      [{ id: eventIdFor(ana.uid, 'deleted'), type: UserDeleted.type, version: UserDeleted.version, data: { userId: ana.uid, at: new Date().toISOString() } }],
      'any',
    );
    expect(await t.deps.projections.waitFor(position, { timeoutMs: 5000 })).toBe(true);
    const view = await thread(ben.agent, threadId);
    expect(view.thread).toMatchObject({ title: '', author: M.deletedAccount });
    expect(view.posts[0]).toMatchObject({ author: M.deletedAccount, html: '' });
    expect(view.posts[1]!.html).toBe('<p>Antwort bleibt</p>\n');
    const dump = JSON.stringify(await t.platform.db('forum_posts').select('body')) + JSON.stringify(await t.platform.db('forum_threads').select('title'));
    expect(dump).not.toContain('geheimer');
    expect(dump).not.toContain('Geheimnis');
  });
});
