import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFFICULTY_LABELS, difficultyFromCounts, estimatedDifficulty, MARKS_FOR_PERSONAL_LABELS, type ArticleSummary, type Level } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { database, expectRebuildEqual, get, libraryTestApp, markWords, onboard, person, type Person } from '../../../../test-support/contexts/library/app';
import { wordCounts } from '../projections/articles';
import { readerLevelsProjection } from '../projections/reader-levels';
import { wordRanks } from '../domain/word-ranks';

/** Filler words no article contains, to give a learner many marks. */
const filler = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `zzfüll${tag}${i}`);

describe(`estimated difficulty labels on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  const library = async (who: Person, minPosition: string) =>
    (await get(who.agent, `/api/articles?languageCode=de&scope=public&sort=name&minPosition=${minPosition}`)).json().articles as ArticleSummary[];
  const labels = (articles: ArticleSummary[]) => Object.fromEntries(articles.map((a) => [a.name, a.difficulty]));

  /** The contracts' rule applied to an article's text, as the SQL must label it. */
  async function expectedEstimate(who: Person, id: string, level: Level, marks: Record<string, 'known' | 'uncertain'> = {}) {
    const article = (await get(who.agent, `/api/articles/${id}`)).json();
    const ranks = wordRanks('de');
    const words = [...wordCounts(article.content, article.contentFormat)].map(([key, occurrences]) => ({
      occurrences,
      ...(ranks.has(key) ? { rank: ranks.get(key) } : {}),
      ...(marks[key] ? { status: marks[key] } : {}),
    }));
    return estimatedDifficulty(words, level);
  }

  it('shows a new learner labels estimated from their onboarding level, marked as estimates', async () => {
    const a2 = person(t);
    const articles = await library(a2, await onboard(t, a2.uid, 'de', 'A2'));
    expect(articles.length).toBeGreaterThanOrEqual(4);
    expect(articles.every((a) => a.difficultyEstimated)).toBe(true);
    for (const a of articles) expect(a.difficulty, a.name).toBe(await expectedEstimate(a2, a.id, 'A2'));
    // The point of it: not every article is "Very Difficult" for a new A2 learner, and A1 texts read easier than B2 and C1 ones.
    const order: readonly string[] = DIFFICULTY_LABELS;
    expect(new Set(articles.map((a) => a.difficulty)).size).toBeGreaterThan(1);
    const meanOf = (levels: string[]) => {
      const of = articles.filter((a) => levels.includes(a.generalDifficulty)).map((a) => order.indexOf(a.difficulty));
      return of.reduce((sum, i) => sum + i, 0) / of.length;
    };
    expect(meanOf(['A1'])).toBeLessThan(meanOf(['B2', 'C1']));

    // A higher level makes no article harder; the same article reads the same in the reader.
    const c1 = person(t);
    const advanced = labels(await library(c1, await onboard(t, c1.uid, 'de', 'C1')));
    for (const a of articles) expect(order.indexOf(advanced[a.name]!), a.name).toBeLessThanOrEqual(order.indexOf(a.difficulty));
    const one = (await get(a2.agent, `/api/articles/${articles[0]!.id}`)).json();
    expect(one).toMatchObject({ difficulty: articles[0]!.difficulty, difficultyEstimated: true });
  });

  it('counts the learner’s few marks over the estimate: known words help, uncertain ones do not count as known', async () => {
    const learner = person(t);
    await onboard(t, learner.uid, 'de', 'A1');
    const before = await library(learner, await markWords(t, learner.uid, 'de', ['zzunused'], 'known'));
    const target = before.find((a) => a.generalDifficulty === 'A1')!;
    const article = (await get(learner.agent, `/api/articles/${target.id}`)).json();
    const keys = [...wordCounts(article.content, article.contentFormat).keys()];
    const rare = keys.filter((k) => !wordRanks('de').has(k)).slice(0, 10);
    const common = keys.filter((k) => (wordRanks('de').get(k) ?? Infinity) <= 50).slice(0, 3);
    await markWords(t, learner.uid, 'de', rare, 'known');
    const position = await markWords(t, learner.uid, 'de', common, 'uncertain');
    const marks = { ...Object.fromEntries(rare.map((k) => [k, 'known' as const])), ...Object.fromEntries(common.map((k) => [k, 'uncertain' as const])) };
    const after = (await library(learner, position)).find((a) => a.id === target.id)!;
    expect(after).toMatchObject({ difficultyEstimated: true, difficulty: await expectedEstimate(learner, target.id, 'A1', marks) });
  });

  it('gives the spec’s own labels once the learner has marked enough words, and none estimated without a level', async () => {
    const almost = person(t);
    await onboard(t, almost.uid, 'de', 'B1');
    const atThreshold = await markWords(t, almost.uid, 'de', filler(MARKS_FOR_PERSONAL_LABELS - 1, 'a'), 'known');
    expect((await library(almost, atThreshold)).every((a) => a.difficultyEstimated)).toBe(true);

    const enough = await markWords(t, almost.uid, 'de', ['der'], 'known');
    const articles = await library(almost, enough);
    expect(articles.some((a) => a.difficultyEstimated)).toBe(false);
    for (const a of articles) {
      const text = (await get(almost.agent, `/api/articles/${a.id}`)).json();
      const counts = wordCounts(text.content, text.contentFormat);
      expect(a.difficulty, a.name).toBe(difficultyFromCounts(a.totalWords, counts.get('der') ?? 0, 0));
    }

    // Estimates are per language: the same learner still gets them in French after onboarding there.
    const fr = await onboard(t, almost.uid, 'fr', 'A2');
    const french = (await get(almost.agent, `/api/articles?languageCode=fr&scope=public&minPosition=${fr}`)).json().articles as ArticleSummary[];
    expect(french.every((a) => a.difficultyEstimated)).toBe(true);

    const noLevel = person(t);
    const plain = await library(noLevel, await markWords(t, noLevel.uid, 'de', ['zzunused'], 'known'));
    expect(plain.map((a) => [a.difficulty, a.difficultyEstimated])).toEqual(plain.map(() => ['Very Difficult', false]));
  });

  it('rebuilds the reader levels to the same rows', async () => {
    await expectRebuildEqual(t, readerLevelsProjection);
  });
});
