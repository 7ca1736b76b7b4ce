import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countedByFamily,
  countWords,
  difficultyFromCounts,
  type DifficultyLabel,
  type LearningLanguage,
  type MarkedWord,
} from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { baseForms } from '../../../platform/base-forms';
import { formatPosition } from '../../../platform/event-store/port';
import { WordStatusChanged } from '../../vocabulary/published';
import { articlesProjection, wordCounts } from '../projections/articles';
import { readerWordsProjection } from '../projections/reader-words';
import { labelsFor } from '../queries/difficulty-sql';
import {
  createArticle,
  database,
  expectRebuildEqual,
  get,
  libraryTestApp,
  person,
  type Person,
} from '../../../../test-support/contexts/library/app';

type Status = MarkedWord['status'] | 'new';

/** What vocabulary appends when a learner sets words to a status (Ignored too, which markWords does not take). */
async function mark(t: TestApp, userId: string, language: LearningLanguage, words: string[], status: Status): Promise<string> {
  const events = words.map((word) => ({
    id: randomUUID(),
    type: WordStatusChanged.type,
    version: WordStatusChanged.version,
    data: { userId, language, word, status, at: new Date().toISOString() },
  }));
  const { position } = await t.deps.store.append(`vocabulary-test-${randomUUID()}`, events, 'no_stream');
  return formatPosition(position);
}

/**
 * One article per language where two occurrences are forms of one verb ("ging", "suis", "fui"/"voy", "был"/"была")
 * and the reader knows every other word; knowing the verb's base word makes the forms known.
 */
const CASES: {
  language: LearningLanguage;
  content: string;
  others: string[];
  base: string;
  total: number;
}[] = [
  { language: 'de', content: 'Er ging und sie ging.', others: ['er', 'und', 'sie'], base: 'gehen', total: 5 },
  { language: 'fr', content: 'Je suis ici et je suis là.', others: ['je', 'ici', 'et', 'là'], base: 'être', total: 7 },
  { language: 'es', content: 'Ayer fui a casa y hoy voy a casa.', others: ['ayer', 'a', 'casa', 'y', 'hoy'], base: 'ir', total: 9 },
  { language: 'ru', content: 'Он был дома, она была дома.', others: ['он', 'дома', 'она'], base: 'быть', total: 6 },
];

describe(`difficulty labels count word families on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  /** The reader's label of their own article after `position`, from the library page and from labelsFor alike. */
  async function labelOf(who: Person, language: LearningLanguage, id: string, position: string): Promise<DifficultyLabel> {
    const page = (await get(who.agent, `/api/articles?languageCode=${language}&scope=mine&minPosition=${position}`)).json();
    const listed = page.articles.find((a: { id: string }) => a.id === id).difficulty as DifficultyLabel;
    const opened = (await get(who.agent, `/api/articles/${id}?minPosition=${position}`)).json().difficulty;
    expect(opened).toBe(listed);
    expect((await labelsFor(t.deps.db, who.uid, language, [id])).get(id)).toBe(listed);
    return listed;
  }

  async function articleOf(who: Person, language: LearningLanguage, content: string): Promise<string> {
    return (await createArticle(who.agent, { languageCode: language, name: `Familie ${randomUUID()}`, content })).article.id;
  }

  it.each(CASES)('$language: knowing "$base" makes its forms in an article known', async ({ language, content, others, base, total }) => {
    const reader = person(t);
    const id = await articleOf(reader, language, content);
    const known = total - 2; // the others' occurrences
    // Every other word known, the verb's two forms new.
    const before = await labelOf(reader, language, id, await mark(t, reader.uid, language, others, 'known'));
    expect(before).toBe(difficultyFromCounts(total, known, 0));
    // The base word known: its forms count as known too, where before they counted as unknown.
    expect(await labelOf(reader, language, id, await mark(t, reader.uid, language, [base], 'known'))).toBe('Too Easy');
    expect(before).not.toBe('Too Easy');
    // New again: the forms are unknown again.
    expect(await labelOf(reader, language, id, await mark(t, reader.uid, language, [base], 'new'))).toBe(before);
  });

  it('de: knowing one form ("gegangen") knows the others and the base word; an Uncertain base makes its forms uncertain', async () => {
    const reader = person(t);
    const id = await articleOf(reader, 'de', 'Er ging und sie ging.');
    await mark(t, reader.uid, 'de', ['er', 'und', 'sie'], 'known');
    expect(await labelOf(reader, 'de', id, await mark(t, reader.uid, 'de', ['gegangen'], 'known'))).toBe('Too Easy');

    const other = person(t);
    const gehen = await articleOf(other, 'de', 'Er will gehen, sie will gehen.');
    await mark(t, other.uid, 'de', ['er', 'will', 'sie'], 'known');
    expect(await labelOf(other, 'de', gehen, await mark(t, other.uid, 'de', ['ging'], 'known'))).toBe('Too Easy');

    const unsure = person(t);
    const unsureId = await articleOf(unsure, 'de', 'Er ging und sie ging.');
    await mark(t, unsure.uid, 'de', ['er', 'und', 'sie'], 'known');
    // 3 known and 2 uncertain of 5: 40% uncertain is past Medium's cap.
    const label = await labelOf(unsure, 'de', unsureId, await mark(t, unsure.uid, 'de', ['gehen'], 'uncertain'));
    expect(label).toBe(difficultyFromCounts(5, 3, 2));
    expect(label).toBe('Challenging');
  });

  it('Ignored words still count nowhere, and Ignored is the form’s own: ignoring "gehen" leaves "ging" counted', async () => {
    const content = 'Herr Krüger ging und sie ging.';
    const reader = person(t);
    const id = await articleOf(reader, 'de', content);
    await mark(t, reader.uid, 'de', ['herr', 'und', 'sie'], 'known');
    // Krüger ignored: 3 known of 5 (Medium); ignoring "gehen" changes nothing, "ging" is not "gehen".
    const names = await labelOf(reader, 'de', id, await mark(t, reader.uid, 'de', ['krüger'], 'ignored'));
    expect(names).toBe(difficultyFromCounts(5, 3, 0));
    expect(names).toBe('Medium');
    expect(await labelOf(reader, 'de', id, await mark(t, reader.uid, 'de', ['gehen'], 'ignored'))).toBe(names);
    // "ging" ignored itself: out of the total, 3 of 3 known.
    expect(await labelOf(reader, 'de', id, await mark(t, reader.uid, 'de', ['ging'], 'ignored'))).toBe('Too Easy');

    // Its family known does not bring an Ignored form back: "herr" new, "und" and "sie" known, Krüger and "ging"
    // ignored: 2 of 3 (Medium); counted through "gehen", "ging" would make it 4 of 5 (Ideal).
    const other = person(t);
    const otherId = await articleOf(other, 'de', content);
    await mark(t, other.uid, 'de', ['und', 'sie', 'gehen'], 'known');
    const label = await labelOf(other, 'de', otherId, await mark(t, other.uid, 'de', ['krüger', 'ging'], 'ignored'));
    expect(label).toBe(difficultyFromCounts(3, 2, 0));
    expect(label).not.toBe(difficultyFromCounts(5, 4, 0));
  });

  it.each(['de', 'fr', 'es', 'ru'] as const)(
    '%s: labels every demo article exactly as the shared rule counts families, for a reader with mixed marks',
    async (language) => {
      const reader = person(t, 'master');
      const articles = (await get(reader.agent, `/api/articles?languageCode=${language}&scope=public&pageSize=100`)).json().articles as {
        id: string;
      }[];
      expect(articles.length).toBeGreaterThanOrEqual(10);
      const bases = baseForms.now(language);
      const texts = new Map<string, { word: string; occurrences: number }[]>();
      for (const { id } of articles) {
        const article = (await get(reader.agent, `/api/articles/${id}`)).json();
        texts.set(
          id,
          [...wordCounts(article.content, article.contentFormat)].map(([word, occurrences]) => ({ word, occurrences })),
        );
      }
      // Marks spread over forms and base words: every 3rd word's base Known, every 7th form Uncertain, every 19th Ignored.
      const words = [...new Set([...texts.values()].flatMap((ws) => ws.map((w) => w.word)))].sort();
      const marks: MarkedWord[] = [];
      words.forEach((word, i) => {
        if (i % 19 === 0) marks.push({ word, status: 'ignored' });
        else if (i % 7 === 0) marks.push({ word, status: 'uncertain' });
        else if (i % 3 === 0) marks.push({ word: bases.baseOf(word), status: 'known' });
      });
      // Sent Ignored, then Uncertain, then Known: a word marked twice (a base word and a form) keeps the later.
      const last = new Map<string, MarkedWord>();
      let position = '';
      for (const status of ['ignored', 'uncertain', 'known'] as const) {
        const of = marks.filter((m) => m.status === status);
        for (const m of of) last.set(m.word, m);
        position = await mark(
          t,
          reader.uid,
          language,
          of.map((m) => m.word),
          status,
        );
      }
      const expected = (id: string) => {
        const { total, known, uncertain } = countWords(countedByFamily(texts.get(id)!, last.values(), (w) => bases.baseOf(w)));
        return difficultyFromCounts(total, known, uncertain);
      };
      const page = (
        await get(reader.agent, `/api/articles?languageCode=${language}&scope=public&pageSize=100&minPosition=${position}`)
      ).json().articles as { id: string; difficulty: string }[];
      const labels = new Map(page.map((a) => [a.id, a.difficulty]));
      for (const { id } of articles) expect(labels.get(id), id).toBe(expected(id));
      // Families matter here: counting forms alone labels some article otherwise.
      const byForms = await labelsFor(t.deps.db, reader.uid, language, [...texts.keys()], 'forms');
      expect([...texts.keys()].some((id) => byForms.get(id) !== labels.get(id))).toBe(true);
    },
  );

  it('rebuilds the word sets and the reader words, family hashes included, to the same rows', async () => {
    await expectRebuildEqual(t, readerWordsProjection);
    await expectRebuildEqual(t, articlesProjection);
  });
});
