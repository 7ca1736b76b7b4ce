import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PRIVATE_ARTICLE_LIMIT, LIBRARY_MESSAGES as M } from '@verba/contracts';
import { ADMIN_ONLY } from '../../../platform/http/routes';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { MODERATION_MESSAGES } from '../adapters/moderation';
import { articlesProjection } from '../projections/articles';
import { readingProjection } from '../projections/reading';
import { flagsProjection } from '../projections/flags';
import { ArticleRead, readStream } from '../events';
import { formatPosition } from '../../../platform/event-store/port';
import {
  createArticle,
  database,
  draft,
  eventCount,
  expectProblem,
  expectRebuildEqual,
  get,
  libraryTestApp,
  person,
  post,
} from '../../../../test-support/contexts/library/app';

describe(`article routes on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  it('keeps a private article to its author: another user gets 404 everywhere', async () => {
    const author = person(t);
    const other = person(t, 'master');
    const { article, position } = await createArticle(author.agent, { name: 'Mein Tagebuch' });
    expect(article).toMatchObject({
      name: 'Mein Tagebuch',
      isPrivate: true,
      needApprove: false,
      isAuthor: true,
      totalWords: 8,
      contentFormat: 'text',
    });

    expect((await get(author.agent, `/api/articles/${article.id}`)).json()).toMatchObject({
      id: article.id,
      content: 'Wir fahren ans Meer. Das Meer ist blau.',
    });
    expectProblem(await get(other.agent, `/api/articles/${article.id}`), 404, M.articleNotFound);
    expectProblem(await get(other.agent, `/api/articles/rating?articleId=${article.id}`), 404, M.articleNotFound);
    expectProblem(
      await post(other.agent, '/api/articles/bookmark', { articleId: article.id, pageNumber: 1, totalPages: 2 }),
      404,
      M.articleNotFound,
    );

    const mine = (await get(author.agent, `/api/articles?languageCode=de&minPosition=${position}`)).json();
    expect(mine.articles.map((a: { id: string }) => a.id)).toContain(article.id);
    const theirs = (await get(other.agent, `/api/articles?languageCode=de&minPosition=${position}`)).json();
    expect(theirs.articles.map((a: { id: string }) => a.id)).not.toContain(article.id);
    expect((await get(other.agent, '/api/articles/user-articles')).json().articles).toEqual([]);
    expect((await get(author.agent, '/api/articles/user-articles')).json().articles.map((a: { id: string }) => a.id)).toEqual([article.id]);
  });

  it('validates the article form with the exact messages and appends nothing', async () => {
    const author = person(t);
    const before = await eventCount(t);
    const cases: [Record<string, unknown>, string][] = [
      [draft({ name: '   ' }), M.required],
      [{ ...draft(), name: undefined }, M.required],
      [draft({ name: 'x'.repeat(201) }), M.nameTooLong],
      [draft({ content: '' }), M.required],
      [draft({ content: 'x'.repeat(100_001) }), M.contentTooLong],
      [draft({ previewImgSrc: 'javascript:alert(1)' }), M.imageAddress],
      [draft({ name: '<script>alert(1)</script>' }), M.required], // nothing left once cleaned
    ];
    for (const [payload, message] of cases) expectProblem(await post(author.agent, '/api/articles/create', payload), 400, message);
    expectProblem(await post(author.agent, '/api/articles/create', draft({ seriesId: randomUUID() })), 404, M.seriesNotFound);
    expect(await eventCount(t)).toBe(before);
  });

  it('lets free users create private articles up to the limit; public ones need Master (GET create says so)', async () => {
    const free = person(t);
    expect((await get(free.agent, '/api/articles/create')).json()).toEqual({
      canCreatePrivate: true,
      canCreatePublic: false,
      privateArticles: 0,
      privateArticleLimit: FREE_PRIVATE_ARTICLE_LIMIT,
    });
    expectProblem(await get(free.agent, '/api/articles/create?isPrivate=false'), 403, M.publicNeedsMaster);
    const before = await eventCount(t);
    expectProblem(await post(free.agent, '/api/articles/create', draft({ isPrivate: false })), 403, M.publicNeedsMaster);
    expect(await eventCount(t)).toBe(before);

    let position: string | undefined;
    for (let i = 0; i < FREE_PRIVATE_ARTICLE_LIMIT; i++) position = (await createArticle(free.agent, { name: `Text ${i}` })).position;
    await get(free.agent, `/api/articles/user-articles?minPosition=${position}`);
    expectProblem(await get(free.agent, '/api/articles/create'), 403, M.privateLimit);
    expectProblem(await post(free.agent, '/api/articles/create', draft()), 403, M.privateLimit);

    const master = person(t, 'master');
    expect((await get(master.agent, '/api/articles/create?isPrivate=false')).json()).toEqual({
      canCreatePrivate: true,
      canCreatePublic: true,
      privateArticles: 0,
      privateArticleLimit: null,
    });
  });

  it('sends a Master user’s public article through moderation and admin approval', async () => {
    const master = person(t, 'master');
    const admin = person(t, 'free', 'Admin');
    const reader = person(t);
    const before = await eventCount(t);
    expectProblem(
      await post(master.agent, '/api/articles/create', draft({ isPrivate: false, content: 'So eine Scheiße.' })),
      422,
      MODERATION_MESSAGES.language,
    );
    expect(await eventCount(t)).toBe(before);

    const { article, position } = await createArticle(master.agent, { isPrivate: false, name: 'Öffentlich' });
    expect(article).toMatchObject({ isPrivate: false, needApprove: true });
    expectProblem(await get(reader.agent, `/api/articles/${article.id}`), 404, M.articleNotFound);

    const pending = (await get(admin.agent, `/api/admin/library/pending?pageSize=100&minPosition=${position}`)).json();
    expect(pending.articles.map((a: { id: string }) => a.id)).toContain(article.id);
    expectProblem(await get(reader.agent, '/api/admin/library/pending'), 403, ADMIN_ONLY);
    const before403 = await eventCount(t);
    expectProblem(await post(master.agent, '/api/admin/library/approve', { articleId: article.id }), 403, ADMIN_ONLY);
    expectProblem(await post(master.agent, '/api/admin/library/decline', { articleId: article.id, reason: 'x' }), 403, ADMIN_ONLY);
    expectProblem(await post(master.agent, '/api/admin/library/make-public-premium', { articleId: article.id }), 403, ADMIN_ONLY);
    expect(await eventCount(t)).toBe(before403);

    const approved = await post(admin.agent, '/api/admin/library/approve', { articleId: article.id });
    expect(approved.statusCode).toBe(200);
    const seen = await get(reader.agent, `/api/articles/${article.id}?minPosition=${approved.json().position}`);
    expect(seen.json()).toMatchObject({ id: article.id, needApprove: false, isAuthor: false, declineReason: null });
    expectProblem(await post(admin.agent, '/api/admin/library/approve', { articleId: article.id }), 409, M.notPending);
  });

  it('declines a pending article with a reason the author sees; it stays private to them', async () => {
    const master = person(t, 'master');
    const admin = person(t, 'free', 'Admin');
    const { article } = await createArticle(master.agent, { isPrivate: false });
    expectProblem(await post(admin.agent, '/api/admin/library/decline', { articleId: article.id, reason: '  ' }), 400, M.reasonRequired);
    const declined = await post(admin.agent, '/api/admin/library/decline', { articleId: article.id, reason: 'Too short for the library' });
    const own = (await get(master.agent, `/api/articles/${article.id}?minPosition=${declined.json().position}`)).json();
    expect(own).toMatchObject({ isPrivate: true, needApprove: false, declineReason: 'Too short for the library' });
  });

  it('lets an author flag private articles for approval and an admin make one public premium', async () => {
    const author = person(t);
    const other = person(t);
    const admin = person(t, 'free', 'Admin');
    const { article, position } = await createArticle(author.agent);
    await get(author.agent, `/api/articles/user-articles?minPosition=${position}`);
    expectProblem(await post(other.agent, '/api/articles/add-flagged', { articleIds: [article.id] }), 404, M.articleNotFound);
    const flagged = await post(author.agent, '/api/articles/add-flagged', { articleIds: [article.id] });
    expect(flagged.json()).toMatchObject({ flagged: 1 });
    expect((await post(author.agent, '/api/articles/add-flagged', { articleIds: [article.id] })).json()).toEqual({ flagged: 0 });

    const pending = (await get(admin.agent, `/api/admin/library/pending?pageSize=100&minPosition=${flagged.json().position}`)).json();
    expect(pending.articles.find((a: { id: string }) => a.id === article.id)).toMatchObject({ flagged: true, isPrivate: true });

    const made = await post(admin.agent, '/api/admin/library/make-public-premium', { articleId: article.id });
    const free = person(t);
    const master = person(t, 'master');
    // Premium-only: listed for everyone, readable by Master subscribers (and the author) only.
    const listed = (await get(free.agent, `/api/articles?languageCode=de&premium=true&minPosition=${made.json().position}`)).json();
    expect(listed.articles.map((a: { id: string }) => a.id)).toContain(article.id);
    expect(JSON.stringify(listed)).not.toContain('Wir fahren ans Meer');
    expectProblem(await get(free.agent, `/api/articles/${article.id}`), 403, M.premiumOnly);
    expectProblem(
      await post(free.agent, '/api/articles/bookmark', { articleId: article.id, pageNumber: 1, totalPages: 1 }),
      403,
      M.premiumOnly,
    );
    expect((await get(master.agent, `/api/articles/${article.id}`)).json()).toMatchObject({
      isPremiumOnly: true,
      isPrivate: false,
      content: 'Wir fahren ans Meer. Das Meer ist blau.',
    });
    expect((await get(author.agent, `/api/articles/${article.id}`)).json().content).toBe('Wir fahren ans Meer. Das Meer ist blau.');
    expectProblem(await post(author.agent, '/api/articles/add-flagged', { articleIds: [article.id] }), 409, M.onlyPrivateFlag);
  });

  it('updates an own article; others cannot, and only admins set premium-only', async () => {
    const author = person(t);
    const other = person(t);
    const { article } = await createArticle(author.agent);
    const updated = await post(author.agent, '/api/articles/update', {
      ...draft({ name: 'Neuer Titel', content: 'Ein neuer Text.' }),
      articleId: article.id,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().article).toMatchObject({ id: article.id, name: 'Neuer Titel', content: 'Ein neuer Text.', totalWords: 3 });
    expectProblem(await post(other.agent, '/api/articles/update', { ...draft(), articleId: article.id }), 404, M.articleNotFound);
    expectProblem(
      await post(author.agent, '/api/articles/update', { ...draft({ isPremiumOnly: true }), articleId: article.id }),
      403,
      M.premiumAdminOnly,
    );

    const demo = (await get(other.agent, '/api/articles?languageCode=de&scope=public')).json().articles[0];
    expectProblem(await post(other.agent, '/api/articles/update', { ...draft(), articleId: demo.id }), 403, M.notAuthor);
  });

  it('deletes only one’s own private articles', async () => {
    const author = person(t);
    const other = person(t);
    const { article } = await createArticle(author.agent);
    const del = (agent: typeof author.agent, id: string) =>
      agent.request({ method: 'DELETE', url: `/api/articles/private/delete?articleId=${id}` });
    expectProblem(await del(other.agent, article.id), 404, M.articleNotFound);
    const done = await del(author.agent, article.id);
    expect(done.statusCode).toBe(200);
    expectProblem(await get(author.agent, `/api/articles/${article.id}?minPosition=${done.json().position}`), 404, M.articleNotFound);
    expectProblem(await del(author.agent, article.id), 404, M.articleNotFound);

    const master = person(t, 'master');
    const admin = person(t, 'free', 'Admin');
    const pub = await createArticle(master.agent, { isPrivate: false });
    await post(admin.agent, '/api/admin/library/approve', { articleId: pub.article.id });
    expectProblem(await del(master.agent, pub.article.id), 403, M.onlyPrivateDelete);
  });

  it('counts reads once a day per reader and lists the last read articles', async () => {
    const reader = person(t);
    const [first, second] = (await get(reader.agent, '/api/articles?languageCode=fr')).json().articles;
    const read = (id: string) =>
      reader.agent.request({ method: 'PATCH', url: '/api/articles/totalReads', payload: { articleId: id, language: 'fr' } });
    await read(first.id);
    const r2 = await read(second.id);
    expect((await read(second.id)).json()).toEqual({}); // the same day again: not counted twice
    const last = (await get(reader.agent, `/api/articles/last-articles?languageCode=fr&minPosition=${r2.json().position}`)).json();
    expect(last.articles.map((a: { id: string }) => a.id)).toEqual([second.id, first.id]);
    expect(last.articles[0].totalReads).toBe(1);
    // POST user/last-articles (spec §7 User) records the same read.
    const third = (await get(reader.agent, '/api/articles?languageCode=fr')).json().articles[2];
    const r3 = await reader.agent.request({
      method: 'POST',
      url: '/api/user/last-articles',
      payload: { articleId: third.id, language: 'fr' },
    });
    expect(r3.statusCode).toBe(200);
    const after = (await get(reader.agent, `/api/articles/last-articles?languageCode=fr&minPosition=${r3.json().position}`)).json();
    expect(after.articles[0].id).toBe(third.id);
    const byIds = (await get(reader.agent, `/api/articles/last-articles?languageCode=fr&ids=${first.id},${randomUUID()}`)).json();
    expect(byIds.articles.map((a: { id: string }) => a.id)).toEqual([first.id]);
    expectProblem(
      await reader.agent.request({ method: 'PATCH', url: '/api/articles/totalReads', payload: { articleId: first.id, language: 'de' } }),
      404,
      M.articleNotFound,
    );
  });

  it('counts each reader once in total reads, however many days they come back', async () => {
    const [reader, other] = [person(t), person(t)];
    const { article } = await createArticle(person(t, 'free', 'Admin').agent, {
      isPrivate: false,
      languageCode: 'es',
      name: 'Lecturas',
      content: 'Hola a todos.',
    });
    const read = (p: typeof reader) =>
      p.agent.request({ method: 'PATCH', url: '/api/articles/totalReads', payload: { articleId: article.id, language: 'es' } });
    const totalReads = async (position: string) =>
      (await get(reader.agent, `/api/articles/last-articles?languageCode=es&ids=${article.id}&minPosition=${position}`)).json().articles[0]
        .totalReads;
    const first = await read(reader);
    expect(await totalReads(first.json().position)).toBe(1);
    // The same reader on a later day: the read is recorded (last read, analytics) but not counted again.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const { position } = await t.deps.store.append(
      readStream(reader.uid, article.id, tomorrow.slice(0, 10)),
      [
        {
          id: randomUUID(),
          type: ArticleRead.type,
          version: ArticleRead.version,
          data: { userId: reader.uid, articleId: article.id, language: 'es', day: tomorrow.slice(0, 10), at: tomorrow },
        },
      ],
      'no_stream',
    );
    expect(await totalReads(formatPosition(position))).toBe(1);
    const second = await read(other);
    expect(await totalReads(second.json().position)).toBe(2);
  });

  it('lets a reader flag someone else’s article for review with a reason, kept with who and when', async () => {
    const reader = person(t);
    const demo = (await get(reader.agent, '/api/articles?languageCode=de&scope=public')).json().articles[0];
    const before = await eventCount(t);
    expectProblem(await post(reader.agent, '/api/articles/add-flagged', { articleIds: [demo.id] }), 400, M.reasonRequired);
    expectProblem(await post(reader.agent, '/api/articles/add-flagged', { articleIds: [demo.id], reason: '   ' }), 400, M.reasonRequired);
    expectProblem(
      await post(reader.agent, '/api/articles/add-flagged', { articleIds: [demo.id], reason: 'x'.repeat(501) }),
      400,
      M.reasonTooLong,
    );
    expect(await eventCount(t)).toBe(before); // nothing appended on refusal

    const flagged = await post(reader.agent, '/api/articles/add-flagged', {
      articleIds: [demo.id],
      reason: 'The translation is <b>wrong</b>',
    });
    expect(flagged.json()).toMatchObject({ flagged: 1 });
    expect(
      (await post(reader.agent, '/api/articles/add-flagged', { articleIds: [demo.id], reason: 'The translation is <b>wrong</b>' })).json(),
    ).toEqual({ flagged: 0 });
    await t.caughtUp();
    const rows = await t.platform.db('library_article_flags').where({ article_id: demo.id });
    expect(rows).toEqual([
      {
        event_id: expect.any(String),
        article_id: demo.id,
        flagged_by: reader.uid,
        reason: 'The translation is wrong',
        at: expect.any(Date),
      },
    ]);
    // The reason is sealed with the reader's key in the log, never in clear.
    const [event] = await t.deps.store.readStream(`library-flag-${demo.id}.${reader.uid}`);
    expect(JSON.stringify(event!.data)).not.toContain('translation is');
    // The article is not the reader's to flag for approval, and stays public.
    expect((await get(reader.agent, `/api/articles/${demo.id}`)).json()).toMatchObject({ isPrivate: false, flagged: false });
  });

  it('rebuilds the articles, reading and flags read models to the same rows', async () => {
    await expectRebuildEqual(t, articlesProjection);
    await expectRebuildEqual(t, readingProjection);
    await expectRebuildEqual(t, flagsProjection);
  });
});
