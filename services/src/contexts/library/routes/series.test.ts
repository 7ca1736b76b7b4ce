import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES as M, SERIES_MESSAGES } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { MODERATION_MESSAGES } from '../adapters/moderation';
import { demoLibrary } from '../seed';
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

describe(`series routes on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  const newSeries = async (agent: ReturnType<typeof person>['agent'], over: Record<string, unknown> = {}) => {
    const res = await post(agent, '/api/series/create', {
      languageCode: 'fr',
      title: 'Les enquêtes de Tom',
      description: 'Trois histoires',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { series: { id: string } & Record<string, unknown>; position: string };
  };

  it('creates a private series, adds articles to it and shows its details to the author only', async () => {
    const author = person(t);
    const other = person(t);
    const { series } = await newSeries(author.agent);
    expect(series).toMatchObject({
      title: 'Les enquêtes de Tom',
      description: 'Trois histoires',
      isPrivate: true,
      isAuthor: true,
      totalArticles: 0,
      languageCode: 'fr',
    });

    const first = await createArticle(author.agent, { languageCode: 'fr', name: 'Le chat', content: 'Le chat dort.', seriesId: series.id });
    const second = await createArticle(author.agent, {
      languageCode: 'fr',
      name: 'Le chien',
      content: 'Le chien court.',
      seriesId: series.id,
    });
    expect(first.article).toMatchObject({ seriesId: series.id, seriesTitle: 'Les enquêtes de Tom' });

    const details = (await get(author.agent, `/api/series/details/${series.id}?minPosition=${second.position}`)).json();
    expect(details.series.totalArticles).toBe(2);
    expect(details.articles.map((a: { name: string }) => a.name)).toEqual(['Le chat', 'Le chien']);
    expect((await get(author.agent, `/api/articles?languageCode=fr&seriesId=${series.id}`)).json().total).toBe(2);

    expectProblem(await get(other.agent, `/api/series/${series.id}`), 404, M.seriesNotFound);
    expectProblem(await get(other.agent, `/api/series/details/${series.id}`), 404, M.seriesNotFound);
    expect((await get(other.agent, '/api/series/get?languageCode=fr')).json().series.map((s: { id: string }) => s.id)).not.toContain(
      series.id,
    );
    expect((await get(author.agent, '/api/series/user-series')).json().series.map((s: { id: string }) => s.id)).toEqual([series.id]);
    // Another user cannot put an article into someone else's series.
    expectProblem(
      await post(other.agent, '/api/articles/create', {
        languageCode: 'fr',
        name: 'x',
        category: 'Other',
        generalDifficulty: 'A1',
        content: 'x y',
        seriesId: series.id,
      }),
      404,
      M.seriesNotFound,
    );
  });

  it('updates and deletes only one’s own series; deleting keeps its articles', async () => {
    const author = person(t);
    const other = person(t);
    const { series } = await newSeries(author.agent);
    const article = await createArticle(author.agent, { languageCode: 'fr', name: 'Gardé', content: 'Un texte.', seriesId: series.id });

    const updated = await post(author.agent, '/api/series/update', { seriesId: series.id, title: 'Nouveau titre', description: '' });
    expect(updated.json().series).toMatchObject({ id: series.id, title: 'Nouveau titre', description: '', languageCode: 'fr' });
    expectProblem(await post(other.agent, '/api/series/update', { seriesId: series.id, title: 'Volé' }), 404, M.seriesNotFound);
    expectProblem(await other.agent.request({ method: 'DELETE', url: `/api/series/delete?seriesId=${series.id}` }), 404, M.seriesNotFound);

    const deleted = await author.agent.request({ method: 'DELETE', url: `/api/series/delete?seriesId=${series.id}` });
    expect(deleted.statusCode).toBe(200);
    expectProblem(await get(author.agent, `/api/series/${series.id}?minPosition=${deleted.json().position}`), 404, M.seriesNotFound);
    expect((await get(author.agent, `/api/articles/${article.article.id}`)).json()).toMatchObject({
      name: 'Gardé',
      seriesId: null,
      seriesTitle: null,
    });
  });

  it('makes public series need Master and a clean moderation check; everyone sees public ones', async () => {
    const free = person(t);
    const master = person(t, 'master');
    const before = await eventCount(t);
    expectProblem(
      await post(free.agent, '/api/series/create', { languageCode: 'fr', title: 'Public', isPrivate: false }),
      403,
      M.publicNeedsMaster,
    );
    expectProblem(
      await post(master.agent, '/api/series/create', { languageCode: 'fr', title: 'Putain de série', isPrivate: false }),
      422,
      MODERATION_MESSAGES.language,
    );
    expect(await eventCount(t)).toBe(before);
    const { series, position } = await newSeries(master.agent, { title: 'Pour tous', isPrivate: false });
    const listed = (await get(free.agent, `/api/series/get?languageCode=fr&minPosition=${position}`)).json().series;
    expect(listed.map((s: { id: string }) => s.id)).toContain(series.id);
    expect((await get(free.agent, `/api/series/${series.id}`)).json()).toMatchObject({ title: 'Pour tous', isAuthor: false });
    expectProblem(await post(free.agent, '/api/series/update', { seriesId: series.id, title: 'Volé' }), 403, M.notSeriesAuthor);
  });

  it("shows Verba's own series to everyone with their parts in reading order; only admins may change them", async () => {
    const learner = person(t);
    const admin = person(t, 'free', 'Admin');
    const demo = demoLibrary().series.find((s) => s.languageCode === 'es')!;
    const listed = (await get(learner.agent, '/api/series/get?languageCode=es')).json().series;
    expect(listed.find((s: { id: string }) => s.id === demo.id)).toMatchObject({
      title: demo.title,
      description: demo.description,
      authorDisplayName: 'Verba',
      isPrivate: false,
      isAuthor: false,
      totalArticles: demo.articles.length,
    });
    const details = (await get(learner.agent, `/api/series/details/${demo.id}`)).json();
    expect(details.articles.map((a: { id: string }) => a.id)).toEqual(demo.articles);
    expect(details.articles.every((a: { seriesTitle: string }) => a.seriesTitle === demo.title)).toBe(true);
    // The library lists the parts in reading order, oldest first (as a series link opens it) and newest first.
    const inLibrary = async (sort: string) =>
      (await get(learner.agent, `/api/articles?languageCode=es&seriesId=${demo.id}&sort=${sort}`))
        .json()
        .articles.map((a: { id: string }) => a.id);
    expect(await inLibrary('oldest')).toEqual(demo.articles);
    expect(await inLibrary('newest')).toEqual(demo.articles);

    const before = await eventCount(t);
    expectProblem(await post(learner.agent, '/api/series/update', { seriesId: demo.id, title: 'Mía' }), 403, M.notSeriesAuthor);
    expectProblem(await learner.agent.request({ method: 'DELETE', url: `/api/series/delete?seriesId=${demo.id}` }), 403, M.notSeriesAuthor);
    expectProblem(
      await post(learner.agent, '/api/articles/create', {
        languageCode: 'es',
        name: 'Parte 4',
        category: 'Fiction',
        generalDifficulty: 'A2',
        content: 'Fin.',
        seriesId: demo.id,
      }),
      403,
      M.notSeriesAuthor,
    );
    expect(await eventCount(t)).toBe(before);
    // An admin's edit stays Verba's: it is not sealed with the admin's data key.
    const edited = await post(admin.agent, '/api/series/update', {
      seriesId: demo.id,
      title: `${demo.title}.`,
      description: demo.description,
      authorDisplayName: 'Verba',
      isPrivate: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().series).toMatchObject({ title: `${demo.title}.`, authorDisplayName: 'Verba' });
    const [event] = await t.deps.store.readStream(`library-series-${demo.id}`, { fromRevision: 1n });
    expect(event?.data).not.toHaveProperty('sealedFor');
  });

  it('validates series with exact messages', async () => {
    const author = person(t);
    const before = await eventCount(t);
    expectProblem(await post(author.agent, '/api/series/create', { languageCode: 'fr', title: ' ' }), 400, M.required);
    expectProblem(
      await post(author.agent, '/api/series/create', { languageCode: 'fr', title: 'x'.repeat(201) }),
      400,
      SERIES_MESSAGES.titleTooLong,
    );
    expectProblem(
      await post(author.agent, '/api/series/create', { languageCode: 'fr', title: 'x', description: 'y'.repeat(2001) }),
      400,
      SERIES_MESSAGES.descriptionTooLong,
    );
    expectProblem(await post(author.agent, '/api/series/update', { seriesId: randomUUID(), title: 'x' }), 404, M.seriesNotFound);
    expectProblem(await get(author.agent, '/api/series/not-a-uuid'), 400, M.seriesNotFound);
    expect(await eventCount(t)).toBe(before);
  });
});
