import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_LANGUAGES, LIBRARY_MESSAGES, splitWords, type ArticleSummary } from '@verba/contracts';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../../test-support/platform/test-auth';
import { libraryModule } from '../module';
import { demoArticles, seedDemoLibrary } from '../seed';
import { localModeration } from '../adapters/moderation';
import { ArticleCommands } from '../commands/articles';
import { ArticleQueries } from '../queries/articles';
import { SeriesCommands } from '../commands/series';
import { SeriesQueries } from '../queries/series';

const database = await preferredTestDatabase();

describe(`library routes on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, libraryModule]);
    const articles = new ArticleCommands(t.deps.store, t.deps.db, localModeration, new ArticleQueries(t.deps.db, t.deps.people));
    const series = new SeriesCommands(t.deps.store, localModeration, new SeriesQueries(t.deps.db, t.deps.people));
    await seedDemoLibrary(articles, series);
    await seedDemoLibrary(articles, series); // seeding again adds nothing
    await t.caughtUp();
  });
  afterAll(async () => t?.close());

  const reader = () => t.agent().setCookies(testUserCookies(randomUUID()));

  it('lists the demo articles of one language, newest first, with word counts', async () => {
    const res = await reader().request({ method: 'GET', url: '/api/articles?languageCode=de' });
    expect(res.statusCode).toBe(200);
    const expected = demoArticles().filter((a) => a.languageCode === 'de');
    const articles = res.json().articles as { id: string; totalWords: number; languageCode: string; creationDate: number }[];
    expect(articles.map((a) => a.id).sort()).toEqual(expected.map((a) => a.id).sort());
    for (const a of articles) {
      expect(a.languageCode).toBe('de');
      expect(a.totalWords).toBe(splitWords(expected.find((e) => e.id === a.id)!.content).length);
    }
    const dates = articles.map((a) => a.creationDate);
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
  });

  it('has at least three articles at different levels in every language', async () => {
    for (const lang of ['de', 'fr', 'es', 'ru']) {
      const { articles } = (await reader().request({ method: 'GET', url: `/api/articles?languageCode=${lang}` })).json();
      expect(articles.length).toBeGreaterThanOrEqual(3);
      expect(new Set(articles.map((a: { generalDifficulty: string }) => a.generalDifficulty)).size).toBeGreaterThanOrEqual(3);
    }
  });

  it('opens one article with its text, and says so when there is none', async () => {
    const demo = demoArticles()[0]!;
    const res = await reader().request({ method: 'GET', url: `/api/articles/${demo.id}` });
    expect(res.json()).toMatchObject({ id: demo.id, name: demo.name, content: demo.content });
    const missing = await reader().request({ method: 'GET', url: `/api/articles/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Article not found');
    const bad = await reader().request({ method: 'GET', url: '/api/articles/not-an-id' });
    expect(bad.statusCode).toBe(400);
  });

  it('seeds Master-only articles in every language: listed for everyone, locked for free learners with the message, open for Master', async () => {
    const master = t.agent().setCookies(testUserCookies(randomUUID(), 'User', 'master'));
    const free = reader();
    for (const language of LEARNING_LANGUAGES) {
      const listed = (await free.request({ method: 'GET', url: `/api/articles?languageCode=${language}&premium=true&pageSize=100` })).json()
        .articles as ArticleSummary[];
      const seeded = demoArticles().filter((a) => a.languageCode === language && a.isPremiumOnly);
      expect(listed.map((a) => a.id).sort(), language).toEqual(seeded.map((a) => a.id).sort());
      expect(seeded.length, language).toBeGreaterThanOrEqual(3);
      expect(new Set(seeded.map((a) => a.level)).size, language).toBeGreaterThanOrEqual(3);
      for (const a of listed) {
        expect(a).toMatchObject({ isPremiumOnly: true, authorDisplayName: 'Verba', isPrivate: false });
        const locked = await free.request({ method: 'GET', url: `/api/articles/${a.id}` });
        expect(locked.statusCode, a.name).toBe(403);
        expect(locked.json().message).toBe(LIBRARY_MESSAGES.premiumOnly);
        const open = await master.request({ method: 'GET', url: `/api/articles/${a.id}` });
        expect(open.statusCode, a.name).toBe(200);
        expect(open.json().content).toBe(seeded.find((s) => s.id === a.id)!.content);
      }
    }
  });

  it('answers 401 without a session and 400 for an unknown language', async () => {
    expect((await t.agent().request({ method: 'GET', url: '/api/articles?languageCode=de' })).statusCode).toBe(401);
    expect((await reader().request({ method: 'GET', url: '/api/articles?languageCode=xx' })).statusCode).toBe(400);
  });
});
