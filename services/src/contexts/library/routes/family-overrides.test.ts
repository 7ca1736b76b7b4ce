import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { difficultyFromCounts, type DifficultyLabel, type LearnFirst } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { formatPosition } from '../../../platform/event-store/port';
import { BaseCorrected, OwnBaseChosen, WordStatusChanged } from '../../vocabulary/published';
import { familiesProjection } from '../projections/families';
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

type Status = 'known' | 'uncertain' | 'ignored' | 'new';

/** Appends what vocabulary appends, on a stream of its own, and answers the position. */
async function append(t: TestApp, events: { type: string; version: number; data: Record<string, unknown> }[]): Promise<string> {
  const { position } = await t.deps.store.append(
    `vocabulary-test-${randomUUID()}`,
    events.map((e) => ({ id: randomUUID(), ...e })),
    'no_stream',
  );
  return formatPosition(position);
}

const at = () => new Date().toISOString();

/** A learner sets words to a status (vocabulary's WordStatusChanged). */
const mark = (t: TestApp, userId: string, words: string[], status: Status) =>
  append(
    t,
    words.map((word) => ({
      type: WordStatusChanged.type,
      version: WordStatusChanged.version,
      data: { userId, language: 'de', word, status, at: at() },
    })),
  );

/** A learner's own base word for a form (the form itself: split off; null: rejoined), vocabulary's OwnBaseChosen. */
const chooseBase = (t: TestApp, userId: string, word: string, base: string | null) =>
  append(t, [{ type: OwnBaseChosen.type, version: OwnBaseChosen.version, data: { userId, language: 'de', word, base, at: at() } }]);

/** An admin's correction of a form's base word for everyone (null: back to the dictionary's), vocabulary's BaseCorrected. */
const correctBase = (t: TestApp, word: string, base: string | null) =>
  append(t, [
    {
      type: BaseCorrected.type,
      version: BaseCorrected.version,
      data: { language: 'de', word, base, correctedBy: randomUUID(), at: at() },
    },
  ]);

describe(`labels and "learn these first" count families as the learner sees them on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  /** The reader's label of their own article after `position`: the library page, the article and labelsFor agree. */
  async function labelOf(who: Person, id: string, position: string): Promise<DifficultyLabel> {
    const page = (await get(who.agent, `/api/articles?languageCode=de&scope=mine&minPosition=${position}`)).json();
    const listed = page.articles.find((a: { id: string }) => a.id === id).difficulty as DifficultyLabel;
    expect((await get(who.agent, `/api/articles/${id}?minPosition=${position}`)).json().difficulty).toBe(listed);
    expect((await labelsFor(t.deps.db, who.uid, 'de', [id])).get(id)).toBe(listed);
    return listed;
  }

  async function learnFirst(who: Person, id: string, position: string): Promise<LearnFirst> {
    const res = await get(who.agent, `/api/articles/learn-first?articleId=${id}&minPosition=${position}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LearnFirst;
  }

  const articleOf = async (who: Person, content: string) =>
    (await createArticle(who.agent, { languageCode: 'de', name: `Familie ${randomUUID()}`, content })).article.id;

  it('a form the learner split off ("not the same word") is no longer known through its base word, until rejoined', async () => {
    const reader = person(t);
    const id = await articleOf(reader, 'Er ging und sie ging.');
    await mark(t, reader.uid, ['er', 'und', 'sie'], 'known');
    const knowsGehen = await mark(t, reader.uid, ['gehen'], 'known');
    expect(await labelOf(reader, id, knowsGehen)).toBe('Too Easy');
    expect((await learnFirst(reader, id, knowsGehen)).words).toEqual([]);

    // "ging" split off: its own family, which the reader does not know: 3 of 5 known.
    const split = await chooseBase(t, reader.uid, 'ging', 'ging');
    const label = await labelOf(reader, id, split);
    expect(label).toBe(difficultyFromCounts(5, 3, 0));
    expect(label).not.toBe('Too Easy');
    const list = await learnFirst(reader, id, split);
    expect(list).toMatchObject({ totalWords: 5, knownWords: 3, knownPercent: 60, knownPercentAfter: 100 });
    expect(list.words).toMatchObject([{ word: 'ging', forms: ['ging'], count: 2, status: 'new' }]);

    // Another learner's split changes nothing for this one, and rejoining puts "ging" back in the family of "gehen".
    const other = person(t);
    const othersSplit = await chooseBase(t, other.uid, 'gehen', 'gehen');
    expect(await labelOf(reader, id, othersSplit)).toBe(label);
    const rejoined = await chooseBase(t, reader.uid, 'ging', null);
    expect(await labelOf(reader, id, rejoined)).toBe('Too Easy');
    expect((await learnFirst(reader, id, rejoined)).words).toEqual([]);
  });

  it('a base word set by hand joins a form the dictionary links to none ("gehn" -> "gehen"), in the text and in the marks', async () => {
    // er, will (wollen), und, sie known: 5 of 7; "gehn" twice, which the dictionary does not link to "gehen".
    const reader = person(t);
    const id = await articleOf(reader, 'Er will gehn und sie will gehn.');
    await mark(t, reader.uid, ['er', 'will', 'und', 'sie'], 'known');
    const knowsGehen = await mark(t, reader.uid, ['gehen'], 'known');
    const before = await labelOf(reader, id, knowsGehen);
    expect(before).toBe(difficultyFromCounts(7, 5, 0));
    expect((await learnFirst(reader, id, knowsGehen)).words).toMatchObject([{ word: 'gehn', forms: ['gehn'], count: 2 }]);
    const byHand = await chooseBase(t, reader.uid, 'gehn', 'gehen');
    expect(await labelOf(reader, id, byHand)).toBe('Too Easy');
    expect(before).not.toBe('Too Easy');
    expect(await learnFirst(reader, id, byHand)).toMatchObject({ knownWords: 7, knownPercent: 100, words: [] });

    // The other way round: a learner who knows "gehn", and set its base word to "gehen", knows "ging" too.
    const other = person(t);
    const gingId = await articleOf(other, 'Er ging und sie ging.');
    await mark(t, other.uid, ['er', 'und', 'sie'], 'known');
    const knowsGehn = await mark(t, other.uid, ['gehn'], 'known');
    expect(await labelOf(other, gingId, knowsGehn)).toBe(difficultyFromCounts(5, 3, 0));
    expect((await learnFirst(other, gingId, knowsGehn)).words).toMatchObject([{ word: 'gehen', forms: ['ging'], count: 2 }]);
    const joined = await chooseBase(t, other.uid, 'gehn', 'gehen');
    expect(await labelOf(other, gingId, joined)).toBe('Too Easy');
    expect((await learnFirst(other, gingId, joined)).words).toEqual([]);
  });

  it("an admin's correction counts for everyone, a learner's own choice wins over it, and Ignored still wins over both", async () => {
    // The dictionary's base word of "seine" is "seine" (wrong); er, und, sie and "sein" known: 4 of 6.
    const content = 'Er und seine, sie und seine.';
    const reader = person(t);
    const id = await articleOf(reader, content);
    const knowsSein = await mark(t, reader.uid, ['er', 'und', 'sie', 'sein'], 'known');
    expect(await labelOf(reader, id, knowsSein)).toBe(difficultyFromCounts(6, 4, 0));

    const corrected = await correctBase(t, 'seine', 'sein');
    expect(await labelOf(reader, id, corrected)).toBe('Too Easy');
    // A learner who does not know "sein" is told to learn it, by its corrected base word.
    const learner = person(t);
    const learnerId = await articleOf(learner, content);
    const fresh = await mark(t, learner.uid, ['er', 'und', 'sie'], 'known');
    expect((await learnFirst(learner, learnerId, fresh)).words).toMatchObject([{ word: 'sein', forms: ['seine'], count: 2 }]);

    // This reader's own split of "seine" wins over the correction; "seine" Ignored counts nowhere: 4 of 4.
    const split = await chooseBase(t, reader.uid, 'seine', 'seine');
    expect(await labelOf(reader, id, split)).toBe(difficultyFromCounts(6, 4, 0));
    expect(await labelOf(reader, id, await mark(t, reader.uid, ['seine'], 'ignored'))).toBe('Too Easy');
    expect(await labelOf(reader, id, await mark(t, reader.uid, ['seine'], 'new'))).toBe(difficultyFromCounts(6, 4, 0));

    // The correction taken back: "seine" is its own family again for everyone.
    const back = await correctBase(t, 'seine', null);
    const other = person(t);
    const otherId = await articleOf(other, content);
    expect(await labelOf(other, otherId, await mark(t, other.uid, ['er', 'und', 'sie', 'sein'], 'known'))).toBe(
      difficultyFromCounts(6, 4, 0),
    );
    expect(await labelOf(reader, id, back)).toBe(difficultyFromCounts(6, 4, 0));
  });

  it('an Uncertain family reached through an override makes the form uncertain', async () => {
    const reader = person(t);
    const id = await articleOf(reader, 'Er ging und sie ging.');
    await mark(t, reader.uid, ['er', 'und', 'sie'], 'known');
    await mark(t, reader.uid, ['gehn'], 'uncertain');
    const joined = await chooseBase(t, reader.uid, 'gehn', 'gehen');
    const label = await labelOf(reader, id, joined);
    expect(label).toBe(difficultyFromCounts(5, 3, 2));
    expect((await learnFirst(reader, id, joined)).words).toMatchObject([{ word: 'gehen', forms: ['ging'], status: 'uncertain' }]);
  });

  it('rebuilds the overrides to the same rows', async () => {
    await expectRebuildEqual(t, familiesProjection);
  });
});
