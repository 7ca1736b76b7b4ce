import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIFFICULTY_LABELS,
  difficultyFromCounts,
  estimatedDifficulty,
  MARKS_FOR_PERSONAL_LABELS,
  type ArticleSummary,
  type Level,
} from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import {
  database,
  expectRebuildEqual,
  get,
  libraryTestApp,
  markWords,
  onboard,
  person,
  type Person,
} from '../../../../test-support/contexts/library/app';
import { wordCounts } from '../projections/articles';
import { readerLevelsProjection } from '../projections/reader-levels';

/** Filler words no article contains, to give a learner many marks. */
const filler = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `zzfüll${tag}${i}`);

describe(`estimated difficulty labels on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  const library = async (who: Person, minPosition: string) =>
    (await get(who.agent, `/api/articles?languageCode=de&scope=public&sort=name&minPosition=${minPosition}`)).json()
      .articles as ArticleSummary[];
  const labels = (articles: ArticleSummary[]) => Object.fromEntries(articles.map((a) => [a.name, a.difficulty]));

  /** The contracts' rule applied to an article's text and level, as the SQL must label it. */
  async function expectedEstimate(who: Person, id: string, level: Level, marks: Record<string, 'known' | 'uncertain'> = {}) {
    const article = (await get(who.agent, `/api/articles/${id}`)).json();
    const words = [...wordCounts(article.content, article.contentFormat)].map(([key, occurrences]) => ({
      occurrences,
      ...(marks[key] ? { status: marks[key] } : {}),
    }));
    return estimatedDifficulty(words, article.generalDifficulty, level);
  }

  it('shows a new learner labels estimated from their onboarding level, marked as estimates', async () => {
    const a2 = person(t, 'master'); // Master: the premium demo texts open for the comparison too
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

  it('labels the demo texts for a fresh A1 learner by their level: A1 texts fit, harder levels read harder, never easier', async () => {
    const order: readonly string[] = DIFFICULTY_LABELS;
    for (const language of ['de', 'fr', 'es', 'ru'] as const) {
      const a1 = person(t);
      const position = await onboard(t, a1.uid, language, 'A1');
      const articles = (
        await get(a1.agent, `/api/articles?languageCode=${language}&scope=public&pageSize=100&minPosition=${position}`)
      ).json().articles as ArticleSummary[];
      const byLevel = (level: Level) => articles.filter((a) => a.generalDifficulty === level);
      expect(byLevel('A1').length, language).toBeGreaterThanOrEqual(3);
      for (const a of byLevel('A1')) expect(['Easy', 'Ideal'], `${a.name}: ${a.difficulty}`).toContain(a.difficulty);
      for (const a of [...byLevel('B1'), ...byLevel('B2'), ...byLevel('C1')])
        expect(order.indexOf(a.difficulty), `${a.name} (${a.generalDifficulty}): ${a.difficulty}`).toBeGreaterThanOrEqual(
          order.indexOf('Difficult'),
        );
      for (const a of byLevel('C1')) expect(a.difficulty, a.name).toBe('Very Difficult');
      // Sorted by level, the labels only get harder.
      const sorted = [...articles]
        .sort((x, y) => x.generalDifficulty.localeCompare(y.generalDifficulty))
        .map((a) => order.indexOf(a.difficulty));
      expect(sorted, language).toEqual([...sorted].sort((x, y) => x - y));
    }
  });

  it('counts the learner’s few marks over the estimate: known words help, uncertain ones do not count as known', async () => {
    const learner = person(t);
    await onboard(t, learner.uid, 'de', 'A1');
    const before = await library(learner, await markWords(t, learner.uid, 'de', ['zzunused'], 'known'));
    const target = before.find((a) => a.generalDifficulty === 'A1')!;
    const article = (await get(learner.agent, `/api/articles/${target.id}`)).json();
    // Its most frequent words marked known make it easier than the estimate alone ("Ideal" for its level).
    const keys = [...wordCounts(article.content, article.contentFormat)].sort((x, y) => y[1] - x[1]).map(([key]) => key);
    const known = keys.slice(0, 15);
    const afterKnown = (await library(learner, await markWords(t, learner.uid, 'de', known, 'known'))).find((a) => a.id === target.id)!;
    expect(target.difficulty).toBe('Ideal');
    expect(afterKnown).toMatchObject({
      difficultyEstimated: true,
      difficulty: await expectedEstimate(learner, target.id, 'A1', Object.fromEntries(known.map((k) => [k, 'known' as const]))),
    });
    expect(DIFFICULTY_LABELS.indexOf(afterKnown.difficulty)).toBeLessThan(DIFFICULTY_LABELS.indexOf(target.difficulty));
    const uncertain = keys.slice(15, 18);
    const position = await markWords(t, learner.uid, 'de', uncertain, 'uncertain');
    const marks = {
      ...Object.fromEntries(known.map((k) => [k, 'known' as const])),
      ...Object.fromEntries(uncertain.map((k) => [k, 'uncertain' as const])),
    };
    const after = (await library(learner, position)).find((a) => a.id === target.id)!;
    expect(after).toMatchObject({ difficultyEstimated: true, difficulty: await expectedEstimate(learner, target.id, 'A1', marks) });
  });

  it('gives the spec’s own labels once the learner has marked enough words, and none estimated without a level', async () => {
    const almost = person(t, 'master');
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
    const french = (await get(almost.agent, `/api/articles?languageCode=fr&scope=public&minPosition=${fr}`)).json()
      .articles as ArticleSummary[];
    expect(french.every((a) => a.difficultyEstimated)).toBe(true);

    const noLevel = person(t);
    const plain = await library(noLevel, await markWords(t, noLevel.uid, 'de', ['zzunused'], 'known'));
    expect(plain.map((a) => [a.difficulty, a.difficultyEstimated])).toEqual(plain.map(() => ['Very Difficult', false]));
  });

  it('rebuilds the reader levels to the same rows', async () => {
    await expectRebuildEqual(t, readerLevelsProjection);
  });
});
