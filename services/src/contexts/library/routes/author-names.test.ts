import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleSummary, Series } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { nameTestUser } from '../../../../test-support/platform/test-auth';
import { createArticle, database, draft, get, libraryTestApp, person, post } from '../../../../test-support/contexts/library/app';

describe(`authors of learners' articles and series on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  const listed = async (who: ReturnType<typeof person>, position: string | undefined, id: string) =>
    (
      (await get(who.agent, `/api/articles?languageCode=de&pageSize=100&minPosition=${position ?? ''}`)).json().articles as ArticleSummary[]
    ).find((a) => a.id === id);

  it('shows the name of a learner who writes an article without an author name, in the library and in the article', async () => {
    const author = person(t, 'master');
    nameTestUser(author.uid, 'Lea Brandt');
    const reader = person(t);
    const admin = person(t, 'free', 'Admin');
    const { article } = await createArticle(author.agent, { isPrivate: false });
    expect(article.authorDisplayName).toBe('Lea Brandt');
    const approved = await post(admin.agent, '/api/admin/library/approve', { articleId: article.id });
    expect(approved.statusCode, approved.body).toBe(200);
    const position = approved.json().position as string;
    expect((await get(admin.agent, `/api/admin/library/articles/${article.id}`)).json()).toMatchObject({ authorDisplayName: 'Lea Brandt' });
    expect(await listed(reader, position, article.id)).toMatchObject({ authorDisplayName: 'Lea Brandt' });
    expect((await get(reader.agent, `/api/articles/${article.id}`)).json()).toMatchObject({ authorDisplayName: 'Lea Brandt' });
    expect((await get(author.agent, '/api/articles/user-articles?languageCode=de')).json().articles[0]).toMatchObject({
      authorDisplayName: 'Lea Brandt',
    });

    // A new name shows everywhere at once; a name the author typed (a text by someone else) stays theirs.
    nameTestUser(author.uid, 'Lea B.');
    expect((await get(reader.agent, `/api/articles/${article.id}`)).json().authorDisplayName).toBe('Lea B.');
    const typed = await createArticle(author.agent, { isPrivate: true, name: 'Ein Gedicht', authorDisplayName: 'Heinrich Heine' });
    expect(await listed(author, typed.position, typed.article.id)).toMatchObject({ authorDisplayName: 'Heinrich Heine' });
    // Verba's own articles stay Verba's.
    const demo = (
      (await get(reader.agent, '/api/articles?languageCode=de&scope=public&pageSize=100')).json().articles as ArticleSummary[]
    ).filter((a) => a.id !== article.id);
    expect(new Set(demo.map((a) => a.authorDisplayName))).toEqual(new Set(['Verba']));
  });

  it('names the author of a series the same way, in the lists and in its details', async () => {
    const author = person(t, 'master');
    nameTestUser(author.uid, 'Jonas Weber');
    const res = await post(author.agent, '/api/series/create', {
      languageCode: 'de',
      title: 'Briefe aus Köln',
      description: 'Drei Briefe',
      isPrivate: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { series, position } = res.json() as { series: Series; position: string };
    expect(series.authorDisplayName).toBe('Jonas Weber');
    const { article } = await createArticle(author.agent, { isPrivate: false, seriesId: series.id });
    const listedSeries = (await get(author.agent, `/api/series/get?languageCode=de&minPosition=${position}`)).json().series as Series[];
    expect(listedSeries.find((s) => s.id === series.id)).toMatchObject({ authorDisplayName: 'Jonas Weber' });
    const details = (await get(author.agent, `/api/series/details/${series.id}`)).json();
    expect(details.series.authorDisplayName).toBe('Jonas Weber');
    expect(details.articles.find((a: ArticleSummary) => a.id === article.id)).toMatchObject({ authorDisplayName: 'Jonas Weber' });
  });

  it('keeps following the author’s name after they save the edit form, which shows that name', async () => {
    const author = person(t);
    nameTestUser(author.uid, 'Mira Stein');
    const { article } = await createArticle(author.agent, { isPrivate: true });
    const shown = (await get(author.agent, `/api/articles/${article.id}`)).json();
    expect(shown.authorDisplayName).toBe('Mira Stein');
    const saved = await post(author.agent, '/api/articles/update', {
      ...draft({ isPrivate: true }),
      articleId: article.id,
      authorDisplayName: shown.authorDisplayName,
      content: 'Neuer Text.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    nameTestUser(author.uid, 'Mira Stein-Ott');
    expect((await get(author.agent, `/api/articles/${article.id}`)).json()).toMatchObject({
      authorDisplayName: 'Mira Stein-Ott',
      content: 'Neuer Text.',
    });

    const created = await post(author.agent, '/api/series/create', {
      languageCode: 'de',
      title: 'Meine Reihe',
      description: '',
      isPrivate: true,
    });
    const series = created.json().series as Series;
    expect(
      (
        await post(author.agent, '/api/series/update', {
          seriesId: series.id,
          title: 'Meine Reihe',
          description: 'Neu',
          authorDisplayName: 'Mira Stein-Ott',
        })
      ).statusCode,
    ).toBe(200);
    nameTestUser(author.uid, 'Mira');
    expect((await get(author.agent, `/api/series/${series.id}`)).json()).toMatchObject({ authorDisplayName: 'Mira', description: 'Neu' });
  });

  it('falls back to "Verba learner" only when identity knows no name for the author', async () => {
    const author = person(t);
    nameTestUser(author.uid, undefined);
    const { article } = await createArticle(author.agent, { isPrivate: true });
    expect((await get(author.agent, `/api/articles/${article.id}`)).json().authorDisplayName).toBe('Verba learner');
  });
});
