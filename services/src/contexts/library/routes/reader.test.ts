import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES as M } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
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

describe(`bookmark, rating and progress routes on ${database.label}`, () => {
  let t: TestApp;
  let demoId: string;
  beforeAll(async () => {
    t = await libraryTestApp();
    demoId = (await get(person(t).agent, '/api/articles?languageCode=es')).json().articles[0].id;
  });
  afterAll(async () => t?.close());

  it('round-trips a bookmark (page of total pages), per reader', async () => {
    const reader = person(t);
    expect((await get(reader.agent, `/api/articles/bookmark?articleId=${demoId}`)).json()).toEqual({ bookmark: null });
    const set = await post(reader.agent, '/api/articles/bookmark', { articleId: demoId, pageNumber: 3, totalPages: 7 });
    expect(set.statusCode).toBe(200);
    const got = await get(reader.agent, `/api/articles/bookmark?articleId=${demoId}&minPosition=${set.json().position}`);
    expect(got.json()).toEqual({ bookmark: { articleId: demoId, pageNumber: 3, totalPages: 7 } });
    const moved = await post(reader.agent, '/api/articles/bookmark', { articleId: demoId, pageNumber: 4, totalPages: 7 });
    expect(
      (await get(reader.agent, `/api/articles/bookmark?articleId=${demoId}&minPosition=${moved.json().position}`)).json().bookmark
        .pageNumber,
    ).toBe(4);
    expect((await post(reader.agent, '/api/articles/bookmark', { articleId: demoId, pageNumber: 4, totalPages: 7 })).json()).toEqual({});
    expect((await get(person(t).agent, `/api/articles/bookmark?articleId=${demoId}`)).json()).toEqual({ bookmark: null });
  });

  it('rejects impossible bookmarks with the exact message and appends nothing', async () => {
    const reader = person(t);
    const before = await eventCount(t);
    for (const body of [
      { articleId: demoId, pageNumber: 8, totalPages: 7 },
      { articleId: demoId, pageNumber: 0, totalPages: 7 },
      { articleId: demoId, pageNumber: 1.5, totalPages: 7 },
      { articleId: demoId, pageNumber: 1, totalPages: 0 },
    ]) {
      expectProblem(await post(reader.agent, '/api/articles/bookmark', body), 400, M.pageRange);
    }
    expectProblem(
      await post(reader.agent, '/api/articles/bookmark', { articleId: 'nope', pageNumber: 1, totalPages: 1 }),
      400,
      M.articleNotFound,
    );
    expectProblem(
      await post(reader.agent, '/api/articles/bookmark', { articleId: randomUUID(), pageNumber: 1, totalPages: 1 }),
      404,
      M.articleNotFound,
    );
    expect(await eventCount(t)).toBe(before);
  });

  it('keeps one rating per user and the average of them', async () => {
    const [a, b, c] = [person(t), person(t), person(t)];
    const { article } = await createArticle(person(t, 'free', 'Admin').agent, {
      isPrivate: false,
      languageCode: 'es',
      name: 'Valoraciones',
      content: 'Hola a todos.',
    });
    const rate = (p: typeof a, rate: number) => post(p.agent, '/api/articles/rating', { articleId: article.id, rate });
    await rate(a, 5);
    await rate(b, 2);
    await rate(a, 3); // replaces a's 5
    const last = await rate(c, 4);
    const mine = (await get(a.agent, `/api/articles/rating?articleId=${article.id}&minPosition=${last.json().position}`)).json();
    expect(mine).toEqual({ articleId: article.id, rating: 3, averageRating: 3, ratings: 3 });
    expect((await get(b.agent, `/api/articles/rating?articleId=${article.id}`)).json().rating).toBe(2);
    expect((await get(person(t).agent, `/api/articles/rating?articleId=${article.id}`)).json().rating).toBeNull();
    const listed = (await get(a.agent, '/api/articles?languageCode=es&sort=rating')).json().articles[0];
    expect(listed).toMatchObject({ id: article.id, averageRating: 3, ratings: 3 });

    const before = await eventCount(t);
    for (const bad of [0, 6, 2.5, '5'])
      expectProblem(await post(a.agent, '/api/articles/rating', { articleId: article.id, rate: bad }), 400, M.rate);
    expect(await eventCount(t)).toBe(before);
  });

  it('records reading progress per reader and language; others’ progress is private', async () => {
    const reader = person(t);
    const add = (progress: unknown, language = 'es') =>
      post(reader.agent, '/api/articles/progress/add', { articleProgressItem: { articleId: demoId, progress }, language });
    await add(40);
    const done = await add(100);
    const progress = (await get(reader.agent, `/api/articles/progress?languageCode=es&minPosition=${done.json().position}`)).json();
    expect(progress.items).toMatchObject([{ articleId: demoId, progress: 100, completed: true }]);
    expect((await get(reader.agent, '/api/articles/progress?languageCode=de')).json().items).toEqual([]);
    expectProblem(await add(101), 400, M.progressRange);
    expectProblem(await add(50, 'de'), 404, M.articleNotFound);
    expectProblem(await get(person(t).agent, `/api/articles/progress?languageCode=es&uid=${reader.uid}`), 403, M.otherUsersProgress);
    const admin = person(t, 'free', 'Admin');
    expect((await get(admin.agent, `/api/articles/progress?languageCode=es&uid=${reader.uid}`)).json().items).toHaveLength(1);
  });
});
