import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFFICULTY_LABELS, difficultyFromCounts } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { labelIndexSql, labelsFor } from '../queries/difficulty-sql';
import { readerWordsProjection } from '../projections/reader-words';
import { formatPosition } from '../../../platform/event-store/port';
import { WordStatusChanged } from '../../vocabulary/published';
import {
  createArticle,
  database,
  expectRebuildEqual,
  get,
  libraryTestApp,
  markWords,
  person,
  type Person,
} from '../../../../test-support/contexts/library/app';

describe(`difficulty labels and the library query on ${database.label}`, () => {
  let t: TestApp;
  let reader: Person;
  const ids: Record<'easy' | 'hard' | 'medium', string> = { easy: '', hard: '', medium: '' };
  let marked: string;

  beforeAll(async () => {
    t = await libraryTestApp();
    reader = person(t);
    ids.easy = (
      await createArticle(reader.agent, {
        name: 'Alpha Hund',
        category: 'Children',
        generalDifficulty: 'A1',
        content: 'Der Hund. Der Hund!',
      })
    ).article.id;
    ids.hard = (
      await createArticle(reader.agent, {
        name: 'Beta Quantenphysik',
        category: 'Science & Technology',
        generalDifficulty: 'C1',
        content: 'Verschränkte Teilchen widersprechen Intuitionen.',
      })
    ).article.id;
    ids.medium = (
      await createArticle(reader.agent, {
        name: 'Gamma Katze',
        category: 'Children',
        generalDifficulty: 'A2',
        content: 'Der Hund läuft. Der Hund schläft.',
      })
    ).article.id;
    // The library learns the reader's words from vocabulary's events only.
    await markWords(t, reader.uid, 'de', ['der', 'hund'], 'known');
    await markWords(t, reader.uid, 'fr', ['verschränkte'], 'known'); // another language does not count
    marked = await markWords(t, reader.uid, 'de', ['läuft'], 'uncertain');
  });
  afterAll(async () => t?.close());

  const mine = async (query: string) =>
    (await get(reader.agent, `/api/articles?languageCode=de&scope=mine&minPosition=${marked}&${query}`)).json();
  const names = (page: { articles: { name: string }[] }) => page.articles.map((a) => a.name);

  it('labels every listed article against the reader’s own words', async () => {
    const page = await mine('sort=name');
    const label = Object.fromEntries(page.articles.map((a: { id: string; difficulty: string }) => [a.id, a.difficulty]));
    // 4 of 4 known; 0 of 4; 4 known and 1 uncertain of 6 (67% known, 17% uncertain).
    expect(label).toEqual({ [ids.easy]: 'Too Easy', [ids.hard]: 'Very Difficult', [ids.medium]: difficultyFromCounts(6, 4, 1) });
    expect(label[ids.medium]).toBe('Medium');
    // Another reader, with an empty dictionary, sees the same public text as hardest.
    const demo = (await get(person(t).agent, '/api/articles?languageCode=de&scope=public')).json().articles;
    expect(new Set(demo.map((a: { difficulty: string }) => a.difficulty))).toEqual(new Set(['Very Difficult']));
  });

  it('filters by label, category, level and title; sorts by difficulty; pages with a total', async () => {
    expect(names(await mine('difficulty=Too%20Easy'))).toEqual(['Alpha Hund']);
    expect(names(await mine('sort=difficulty'))).toEqual(['Alpha Hund', 'Gamma Katze', 'Beta Quantenphysik']);
    expect(names(await mine('category=Children&sort=name'))).toEqual(['Alpha Hund', 'Gamma Katze']);
    expect(names(await mine('level=C1'))).toEqual(['Beta Quantenphysik']);
    expect(names(await mine('search=katz'))).toEqual(['Gamma Katze']);
    expect(names(await mine('search=%25'))).toEqual([]); // % is searched for literally
    const second = await mine('sort=difficulty&pageSize=1&page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(names(second)).toEqual(['Gamma Katze']);
    expect(await mine('sort=difficulty&pageSize=2&page=9')).toMatchObject({ articles: [], total: 3 });
    expect(await mine('sort=newest&pageSize=2&page=9')).toMatchObject({ articles: [], total: 3 });
    expect(await mine('difficulty=Easy')).toMatchObject({ articles: [], total: 0 });
    expect((await get(reader.agent, '/api/articles?languageCode=de&sort=best')).statusCode).toBe(400);
    expect((await get(reader.agent, '/api/articles?languageCode=de&pageSize=101')).statusCode).toBe(400);
  });

  it('labels many articles in one query, the same as the list', async () => {
    const labels = await labelsFor(t.deps.db, reader.uid, 'de', Object.values(ids));
    expect(Object.fromEntries(labels)).toEqual({ [ids.easy]: 'Too Easy', [ids.hard]: 'Very Difficult', [ids.medium]: 'Medium' });
  });

  it('follows the reader’s later marks (New takes a word out again)', async () => {
    const position = await markWords(t, reader.uid, 'de', ['hund'], 'new');
    const page = await (await get(reader.agent, `/api/articles?languageCode=de&scope=mine&minPosition=${position}`)).json();
    expect(page.articles.find((a: { id: string }) => a.id === ids.easy).difficulty).toBe(difficultyFromCounts(4, 2, 0));
  });

  it('counts Ignored words nowhere: names the reader ignored leave the total, so the label is that of the other words', async () => {
    const learner = person(t);
    const names = (
      await createArticle(learner.agent, {
        name: 'Delta Leipzig',
        category: 'Children',
        generalDifficulty: 'A1',
        content: 'Herr Krüger fährt nach Leipzig. Der Hund schläft.',
      })
    ).article.id;
    const before = await markWords(t, learner.uid, 'de', ['herr', 'fährt', 'nach', 'der', 'hund', 'schläft'], 'known');
    const label = async (position: string) =>
      (await get(learner.agent, `/api/articles?languageCode=de&scope=mine&minPosition=${position}&sort=difficulty`)).json().articles[0]
        .difficulty;
    // 6 of 8 known: the two names count as unknown.
    expect(await label(before)).toBe('Ideal');
    // Ignored, they count nowhere: 6 of 6 known.
    const { position } = await t.deps.store.append(
      `vocabulary-test-${randomUUID()}`,
      ['krüger', 'leipzig'].map((word) => ({
        id: randomUUID(),
        type: WordStatusChanged.type,
        version: WordStatusChanged.version,
        data: { userId: learner.uid, language: 'de', word, status: 'ignored', at: new Date().toISOString() },
      })),
      'no_stream',
    );
    expect(await label(formatPosition(position))).toBe('Too Easy');
    expect(Object.fromEntries(await labelsFor(t.deps.db, learner.uid, 'de', [names]))).toEqual({ [names]: 'Too Easy' });
  });

  it('computes in SQL exactly the label of the shared rule, for every count up to 40 words', async () => {
    const { rows } = await t.deps.db.raw(
      `select total, known, uncertain, ${labelIndexSql('total', 'known', 'uncertain')} as label
         from generate_series(0, 40) total, generate_series(0, 40) known, generate_series(0, 40) uncertain
        where known + uncertain <= total`,
    );
    expect(rows.length).toBeGreaterThan(10_000);
    for (const r of rows as { total: number; known: number; uncertain: number; label: number }[]) {
      expect(DIFFICULTY_LABELS[r.label], `${r.known}/${r.uncertain} of ${r.total}`).toBe(
        difficultyFromCounts(r.total, r.known, r.uncertain),
      );
    }
  });

  it('rebuilds the reader words to the same rows', async () => {
    await expectRebuildEqual(t, readerWordsProjection);
  });
});
