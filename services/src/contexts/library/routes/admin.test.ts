import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIBRARY_MESSAGES as A, LIBRARY_MESSAGES as M } from '@verba/contracts';
import { ADMIN_ONLY } from '../../../platform/http/routes';
import type { Agent, TestApp } from '../../../../test-support/platform/test-app';
import { flagsProjection } from '../projections/flags';
import { nameTestUser } from '../../../../test-support/platform/test-auth';
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

const put = (agent: Agent, url: string, payload: unknown) =>
  agent.request({ method: 'PUT', url, payload: payload as Record<string, unknown> });
const del = (agent: Agent, url: string) => agent.request({ method: 'DELETE', url });

describe(`admin library routes on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  it('are for admins only; a learner is refused and nothing is appended', async () => {
    const learner = person(t, 'master');
    const { article } = await createArticle(learner.agent);
    const before = await eventCount(t);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/library/overview'],
      ['GET', '/api/admin/library/articles'],
      ['GET', `/api/admin/library/articles/${article.id}`],
      ['POST', '/api/admin/library/articles', draft()],
      ['PUT', `/api/admin/library/articles/${article.id}`, draft()],
      ['DELETE', `/api/admin/library/articles/${article.id}`],
      ['POST', '/api/admin/library/review', { action: 'approve', articleIds: [article.id] }],
      ['GET', '/api/admin/library/flagged'],
      ['GET', '/api/admin/series'],
      ['GET', `/api/admin/series/${randomUUID()}`],
      ['GET', '/api/admin/library/pending'],
      ['POST', '/api/admin/series', { languageCode: 'de', title: 'Meine' }],
      ['PUT', `/api/admin/series/${randomUUID()}`, { title: 'Meine' }],
      ['DELETE', `/api/admin/series/${randomUUID()}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await learner.agent.request({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
      expectProblem(res, 403, ADMIN_ONLY);
    }
    expect(await eventCount(t)).toBe(before);
  });

  it('lists every article with server-side filters, search and paging', async () => {
    const admin = person(t, 'free', 'Admin');
    const author = person(t, 'master');
    const name = `Geheim ${randomUUID().slice(0, 8)}`;
    const { article } = await createArticle(author.agent, {
      name,
      languageCode: 'fr',
      category: 'Sports',
      generalDifficulty: 'B1',
      content: 'Le sport est bon.',
    });
    await t.caughtUp();
    const found = (await get(admin.agent, `/api/admin/library/articles?search=${encodeURIComponent(name)}`)).json();
    expect(found.articles.map((a: { id: string }) => a.id)).toEqual([article.id]);
    expect(found.articles[0]).toMatchObject({ isPrivate: true, authorId: author.uid, flags: [] });
    const filtered = (
      await get(admin.agent, '/api/admin/library/articles?languageCode=fr&category=Sports&level=B1&visibility=private')
    ).json();
    expect(filtered.articles.map((a: { id: string }) => a.id)).toContain(article.id);
    const publicOnly = (await get(admin.agent, '/api/admin/library/articles?languageCode=fr&visibility=public&pageSize=100')).json();
    expect(publicOnly.articles.every((a: { isPrivate: boolean }) => !a.isPrivate)).toBe(true);
    const page1 = (await get(admin.agent, '/api/admin/library/articles?languageCode=de&pageSize=5')).json();
    const page2 = (await get(admin.agent, '/api/admin/library/articles?languageCode=de&pageSize=5&page=2')).json();
    expect(page1.articles).toHaveLength(5);
    expect(page1.total).toBe(page2.total);
    expect(page1.articles.map((a: { id: string }) => a.id)).not.toContain(page2.articles[0].id);
    expectProblem(await get(admin.agent, '/api/admin/library/articles?visibility=secret'), 400, A.visibility);
  });

  it('sorts the list on the server by title, date, readers and rating; an unknown order is refused', async () => {
    const admin = person(t, 'free', 'Admin');
    const tag = randomUUID().slice(0, 8);
    const ids: Record<string, string> = {};
    for (const name of ['Beta', 'Alpha', 'Gamma']) {
      const created = await post(admin.agent, '/api/admin/library/articles', draft({ name: `${name} ${tag}`, isPrivate: false }));
      expect(created.statusCode, created.body).toBe(201);
      ids[name] = created.json().articleId;
    }
    await t.caughtUp(); // readers find the articles only once they are projected
    // Beta has two readers, Gamma one; Alpha is rated 5 and Gamma 3.
    const readers = [person(t), person(t)];
    for (const [reader, name] of [
      [readers[0]!, 'Beta'],
      [readers[1]!, 'Beta'],
      [readers[0]!, 'Gamma'],
    ] as const) {
      expect(
        (
          await reader.agent.request({
            method: 'PATCH',
            url: '/api/articles/totalReads',
            payload: { articleId: ids[name], language: 'de' },
          })
        ).statusCode,
      ).toBe(200);
    }
    await post(readers[0]!.agent, '/api/articles/rating', { articleId: ids.Alpha, rate: 5 });
    const last = await post(readers[1]!.agent, '/api/articles/rating', { articleId: ids.Gamma, rate: 3 });
    const order = async (sort: string) =>
      (await get(admin.agent, `/api/admin/library/articles?search=${tag}&sort=${sort}&minPosition=${last.json().position}`))
        .json()
        .articles.map((a: { name: string }) => a.name.split(' ')[0]);
    expect(await order('name')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await order('oldest')).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(await order('newest')).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(await order('reads')).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(await order('rating')).toEqual(['Alpha', 'Gamma', 'Beta']);
    // Sorted before paging: the second page of one goes on where the first stopped.
    const second = (await get(admin.agent, `/api/admin/library/articles?search=${tag}&sort=name&pageSize=1&page=2`)).json();
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(second.articles.map((a: { id: string }) => a.id)).toEqual([ids.Beta]);
    expectProblem(await get(admin.agent, `/api/admin/library/articles?sort=difficulty`), 400, A.sort);
  });

  it('filters by premium, waiting for approval and flagged, each on the server', async () => {
    const admin = person(t, 'free', 'Admin');
    const author = person(t, 'master');
    const tag = randomUUID().slice(0, 8);
    const premium = (
      await post(admin.agent, '/api/admin/library/articles', draft({ name: `Premium ${tag}`, isPrivate: false, isPremiumOnly: true }))
    ).json().articleId as string;
    const waiting = (await createArticle(author.agent, { name: `Wartet ${tag}`, isPrivate: false })).article.id;
    const flaggedOwn = (await createArticle(author.agent, { name: `Markiert ${tag}` })).article.id;
    const plain = (await createArticle(author.agent, { name: `Privat ${tag}` })).article.id;
    const last = await post(author.agent, '/api/articles/add-flagged', { articleIds: [flaggedOwn] });
    const ids = async (filter: string) =>
      (await get(admin.agent, `/api/admin/library/articles?search=${tag}&sort=name&${filter}&minPosition=${last.json().position}`))
        .json()
        .articles.map((a: { id: string }) => a.id);
    expect(await ids('visibility=premium')).toEqual([premium]);
    expect(await ids('pending=true')).toEqual([waiting]);
    expect((await ids('pending=false')).sort()).toEqual([premium, flaggedOwn, plain].sort());
    expect(await ids('flagged=true')).toEqual([flaggedOwn]);
    expect((await ids('flagged=false')).sort()).toEqual([premium, waiting, plain].sort());
    expect(await ids('visibility=private&flagged=false')).toEqual([plain]);
  });

  it('serves admin reads from the cache until a write is projected (spec §9: kept 1000 s), then the admin reads their write', async () => {
    const admin = person(t, 'free', 'Admin');
    const tag = randomUUID().slice(0, 8);
    const created = await post(admin.agent, '/api/admin/library/articles', draft({ name: `Vorher ${tag}`, isPrivate: false }));
    const { articleId, position } = created.json();
    const names = async (minPosition?: string) =>
      (await get(admin.agent, `/api/admin/library/articles?search=${tag}${minPosition ? `&minPosition=${minPosition}` : ''}`))
        .json()
        .articles.map((a: { name: string }) => a.name);
    const one = async () => (await get(admin.agent, `/api/admin/library/articles/${articleId}`)).json().name;
    const overview = async () => (await get(admin.agent, '/api/admin/library/overview')).json();
    expect(await names(position)).toEqual([`Vorher ${tag}`]);
    await t.caughtUp(); // earlier tests' last writes are projected (and their invalidations done)
    const counts = await overview();
    expect(await one()).toBe(`Vorher ${tag}`);

    // Behind the projector's back the read model changes: repeated reads do not query it again...
    await t.platform
      .db('library_articles')
      .where({ id: articleId })
      .update({ name: `Hinterrücks ${tag}`, is_premium_only: true });
    expect(await names()).toEqual([`Vorher ${tag}`]);
    expect(await one()).toBe(`Vorher ${tag}`);
    expect(await overview()).toEqual(counts);

    // ...until a write is projected into it: the next read loads again, so the admin reads their own write.
    const edited = await put(admin.agent, `/api/admin/library/articles/${articleId}`, draft({ name: `Nachher ${tag}`, isPrivate: false }));
    expect(await names(edited.json().position)).toEqual([`Nachher ${tag}`]);
    expect(await one()).toBe(`Nachher ${tag}`);
    expect((await overview()).premium).toBe(counts.premium);
  });

  it("creates Verba's own premium articles, edits any article and deletes public ones; the overview counts them", async () => {
    const admin = person(t, 'free', 'Admin');
    const created = await post(
      admin.agent,
      '/api/admin/library/articles',
      draft({ name: 'Nur für Master', isPrivate: false, isPremiumOnly: true, category: 'History & Culture' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { articleId, position } = created.json();
    const read = (await get(admin.agent, `/api/admin/library/articles/${articleId}?minPosition=${position}`)).json();
    expect(read).toMatchObject({
      name: 'Nur für Master',
      authorId: null,
      isPremiumOnly: true,
      isPrivate: false,
      needApprove: false,
      category: 'History & Culture',
      authorDisplayName: 'Verba',
    });
    // A free learner sees it listed but may not read it.
    expectProblem(await get(person(t).agent, `/api/articles/${articleId}`), 403, M.premiumOnly);

    const edited = await put(
      admin.agent,
      `/api/admin/library/articles/${articleId}`,
      draft({ name: 'Für alle', isPrivate: false, isPremiumOnly: false }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(admin.agent, `/api/admin/library/articles/${articleId}?minPosition=${edited.json().position}`)).json()).toMatchObject(
      { name: 'Für alle', isPremiumOnly: false },
    );

    const counts = (await get(admin.agent, '/api/admin/library/overview')).json();
    expect(counts.articles).toBeGreaterThan(counts.private);
    expect(counts.series).toBeGreaterThan(0);

    const deleted = await del(admin.agent, `/api/admin/library/articles/${articleId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectProblem(
      await get(admin.agent, `/api/admin/library/articles/${articleId}?minPosition=${deleted.json().position}`),
      404,
      M.articleNotFound,
    );
    const before = await eventCount(t);
    expectProblem(await del(admin.agent, `/api/admin/library/articles/${articleId}`), 404, M.articleNotFound);
    expectProblem(await post(admin.agent, '/api/admin/library/articles', draft({ name: ' ' })), 400, M.required);
    expect(await eventCount(t)).toBe(before);
  });

  it('approves and declines in bulk; the author sees the reason; one article that cannot be reviewed refuses them all', async () => {
    const admin = person(t, 'free', 'Admin');
    const author = person(t, 'master');
    const a = await createArticle(author.agent, { name: 'Erster Text', isPrivate: false });
    const b = await createArticle(author.agent, { name: 'Zweiter Text', isPrivate: false });
    const c = await createArticle(author.agent, { name: 'Dritter Text', isPrivate: false });
    const before = await eventCount(t);
    expectProblem(
      await post(admin.agent, '/api/admin/library/review', { action: 'decline', articleIds: [a.article.id] }),
      400,
      A.reasonRequired,
    );
    expectProblem(await post(admin.agent, '/api/admin/library/review', { action: 'approve', articleIds: [] }), 400, A.idsRequired);
    expectProblem(
      await post(admin.agent, '/api/admin/library/review', { action: 'approve', articleIds: [a.article.id, randomUUID()] }),
      404,
      M.articleNotFound,
    );
    expect(await eventCount(t)).toBe(before);

    const approved = await post(admin.agent, '/api/admin/library/review', { action: 'approve', articleIds: [a.article.id, b.article.id] });
    expect(approved.json()).toMatchObject({ changed: 2 });
    // a is public now, so approving a and c together is refused as a whole
    const mid = await eventCount(t);
    expectProblem(
      await post(admin.agent, '/api/admin/library/review', { action: 'approve', articleIds: [c.article.id, a.article.id] }),
      409,
      M.notPending,
    );
    expect(await eventCount(t)).toBe(mid);

    const declined = await post(admin.agent, '/api/admin/library/review', {
      action: 'decline',
      articleIds: [c.article.id],
      reason: 'Please add a source.',
    });
    expect(declined.json()).toMatchObject({ changed: 1 });
    const seen = (await get(author.agent, `/api/articles/${c.article.id}?minPosition=${declined.json().position}`)).json();
    expect(seen).toMatchObject({ isPrivate: true, needApprove: false, declineReason: 'Please add a source.' });
    const reader = person(t);
    const library = (
      await get(reader.agent, `/api/articles?languageCode=de&search=Text&pageSize=100&minPosition=${declined.json().position}`)
    ).json();
    const names = library.articles.map((x: { name: string }) => x.name);
    expect(names).toEqual(expect.arrayContaining(['Erster Text', 'Zweiter Text']));
    expect(names).not.toContain('Dritter Text');
  });

  it('lists flagged articles with who flagged them; approve makes a flagged private one public, dismiss keeps it private', async () => {
    const admin = person(t, 'free', 'Admin');
    const author = person(t);
    const one = await createArticle(author.agent, { name: 'Markiert eins' });
    const two = await createArticle(author.agent, { name: 'Markiert zwei' });
    const flagged = await post(author.agent, '/api/articles/add-flagged', { articleIds: [one.article.id, two.article.id] });
    const list = (await get(admin.agent, `/api/admin/library/flagged?minPosition=${flagged.json().position}`)).json();
    const mine = list.articles.filter((x: { authorId: string }) => x.authorId === author.uid);
    expect(mine.map((x: { name: string }) => x.name).sort()).toEqual(['Markiert eins', 'Markiert zwei']);
    expect(mine[0].flags).toEqual([{ flaggedBy: author.uid, flaggedByName: null, reason: null, at: expect.any(String) }]);
    await expectRebuildEqual(t, flagsProjection);

    const before = await eventCount(t);
    expectProblem(
      await post(admin.agent, '/api/admin/library/review', { action: 'dismiss', articleIds: [randomUUID()] }),
      404,
      M.articleNotFound,
    );
    expect(await eventCount(t)).toBe(before);
    await post(admin.agent, '/api/admin/library/review', { action: 'approve', articleIds: [one.article.id] });
    const dismissed = await post(admin.agent, '/api/admin/library/review', { action: 'dismiss', articleIds: [two.article.id] });
    const after = (await get(admin.agent, `/api/admin/library/flagged?minPosition=${dismissed.json().position}`)).json();
    expect(after.articles.filter((x: { authorId: string }) => x.authorId === author.uid)).toEqual([]);
    expect((await get(author.agent, `/api/articles/${one.article.id}`)).json()).toMatchObject({
      isPrivate: false,
      needApprove: false,
      flagged: false,
    });
    expect((await get(author.agent, `/api/articles/${two.article.id}`)).json()).toMatchObject({ isPrivate: true, flagged: false });
    expectProblem(
      await post(admin.agent, '/api/admin/library/review', { action: 'dismiss', articleIds: [two.article.id] }),
      409,
      A.notFlagged,
    );
  });

  it('lists a flag by another learner with who flagged and why, and pages the flagged list and the review queue', async () => {
    const admin = person(t, 'free', 'Admin');
    const author = person(t, 'master');
    const reader = person(t);
    nameTestUser(reader.uid, 'Rita Leserin');
    const tag = randomUUID().slice(0, 8);
    const article = (await post(admin.agent, '/api/admin/library/articles', draft({ name: `Öffentlich ${tag}`, isPrivate: false }))).json()
      .articleId as string;
    const reason = 'The story copies a newspaper article word for word.';
    await t.caughtUp();
    const flag = await post(reader.agent, '/api/articles/add-flagged', { articleIds: [article], reason });
    expect(flag.statusCode, flag.body).toBe(200);
    const at = `minPosition=${flag.json().position}`;
    const all = (await get(admin.agent, `/api/admin/library/flagged?pageSize=100&${at}`)).json();
    const found = all.articles.find((a: { id: string }) => a.id === article);
    expect(found).toMatchObject({
      flagged: true,
      authorId: null,
      flags: [{ flaggedBy: reader.uid, flaggedByName: 'Rita Leserin', reason, at: expect.any(String) }],
    });
    // The reason stays the reader's: it reaches no learner-facing read of the article.
    expect((await get(author.agent, `/api/articles/${article}`)).body).not.toContain(reason);

    // Paged: every flagged article once over pages of one, the oldest article first.
    const total = all.total as number;
    expect(total).toBe(all.articles.length);
    const paged: string[] = [];
    for (let page = 1; page <= total; page++) {
      const one = (await get(admin.agent, `/api/admin/library/flagged?pageSize=1&page=${page}`)).json();
      expect(one).toMatchObject({ total, page, pageSize: 1 });
      paged.push(...one.articles.map((a: { id: string }) => a.id));
    }
    expect(paged).toEqual(all.articles.map((a: { id: string }) => a.id));
    expect((await get(admin.agent, `/api/admin/library/flagged?pageSize=1&page=${total + 1}`)).json()).toMatchObject({
      articles: [],
      total,
    });

    // The review queue pages the same way, oldest first.
    await createArticle(author.agent, { name: `Wartet eins ${tag}`, isPrivate: false });
    const second = await createArticle(author.agent, { name: `Wartet zwei ${tag}`, isPrivate: false });
    const queue = (await get(admin.agent, `/api/admin/library/pending?pageSize=100&minPosition=${second.position}`)).json();
    expect(queue.total).toBe(queue.articles.length);
    expect(queue.articles.at(-1).name).toBe(`Wartet zwei ${tag}`);
    const lastPage = (await get(admin.agent, `/api/admin/library/pending?pageSize=1&page=${queue.total}`)).json();
    expect(lastPage).toMatchObject({ total: queue.total, page: queue.total });
    expect(lastPage.articles.map((a: { name: string }) => a.name)).toEqual([`Wartet zwei ${tag}`]);
  });

  it("manages every series: Verba's own, learners' private ones, and deletes them", async () => {
    const admin = person(t, 'free', 'Admin');
    const learner = person(t);
    const own = (await post(learner.agent, '/api/series/create', { languageCode: 'es', title: 'Mi serie', isPrivate: true })).json();
    const created = await post(admin.agent, '/api/admin/series', {
      languageCode: 'es',
      title: 'Serie de Verba',
      description: 'Tres partes',
      isPrivate: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const all = (await get(admin.agent, `/api/admin/series?languageCode=es&minPosition=${created.json().position}`)).json();
    expect(all.series.map((s: { title: string }) => s.title)).toEqual(expect.arrayContaining(['Serie de Verba', 'Mi serie']));
    expect(all.series.find((s: { title: string }) => s.title === 'Serie de Verba')).toMatchObject({
      authorId: null,
      authorDisplayName: 'Verba',
      isPrivate: false,
    });

    const renamed = await put(admin.agent, `/api/admin/series/${own.series.id}`, { title: 'Mi serie (revisada)', isPrivate: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const before = await eventCount(t);
    expectProblem(await put(admin.agent, `/api/admin/series/${own.series.id}`, { title: '' }), 400, M.required);
    expectProblem(await put(admin.agent, `/api/admin/series/${randomUUID()}`, { title: 'X' }), 404, M.seriesNotFound);
    expect(await eventCount(t)).toBe(before);
    const deleted = await del(admin.agent, `/api/admin/series/${created.json().seriesId}`);
    expect(deleted.statusCode).toBe(200);
    const left = (await get(admin.agent, `/api/admin/series?languageCode=es&minPosition=${deleted.json().position}`)).json();
    expect(left.series.map((s: { title: string }) => s.title)).toEqual(expect.arrayContaining(['Mi serie (revisada)']));
    expect(left.series.map((s: { title: string }) => s.title)).not.toContain('Serie de Verba');
    // One series for its editor, a learner's private one included; a deleted one is not found.
    expect((await get(admin.agent, `/api/admin/series/${own.series.id}`)).json()).toMatchObject({
      id: own.series.id,
      title: 'Mi serie (revisada)',
      isPrivate: true,
      authorId: learner.uid,
    });
    expectProblem(await get(admin.agent, `/api/admin/series/${created.json().seriesId}`), 404, M.seriesNotFound);
  });

  it('pages the series list on the server, newest first, with the total', async () => {
    const admin = person(t, 'free', 'Admin');
    let position = '';
    for (const title of ['Serie A', 'Serie B', 'Serie C'])
      position = (await post(admin.agent, '/api/admin/series', { languageCode: 'ru', title, isPrivate: false })).json().position;
    const all = (await get(admin.agent, `/api/admin/series?languageCode=ru&pageSize=100&minPosition=${position}`)).json();
    expect(all.total).toBe(all.series.length);
    expect(all.series.slice(0, 3).map((s: { title: string }) => s.title)).toEqual(['Serie C', 'Serie B', 'Serie A']);
    const second = (await get(admin.agent, '/api/admin/series?languageCode=ru&pageSize=2&page=2')).json();
    expect(second).toMatchObject({ total: all.total, page: 2, pageSize: 2 });
    expect(second.series.map((s: { id: string }) => s.id)).toEqual(all.series.slice(2, 4).map((s: { id: string }) => s.id));
    expect((await get(admin.agent, `/api/admin/series?languageCode=ru&pageSize=2&page=${all.total}`)).json()).toMatchObject({
      series: [],
      total: all.total,
    });
  });
});
