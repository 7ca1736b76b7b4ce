import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES, type LearningLanguage, type LearnFirst } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { formatPosition } from '../../../platform/event-store/port';
import { WordStatusChanged } from '../../vocabulary/published';
import { dictionariesModule } from '../../../../test-support/dictionaries';
import {
  createArticle,
  database,
  expectProblem,
  get,
  libraryTestApp,
  onboard,
  person,
  type Person,
} from '../../../../test-support/contexts/library/app';

/** What vocabulary appends when a learner sets words to a status (Ignored too). */
async function mark(t: TestApp, userId: string, language: LearningLanguage, words: string[], status: string): Promise<string> {
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
 * 26 words: "und" 20 times (the reader knows it), the family of "gehen" 3 times ("ging" twice, "gehen" once),
 * "Haus" twice, "Buch" once. Known now 20/26 (76%); with gehen 23 (88%), with Haus too 25 (96%): Buch is not needed.
 */
const TEXT = `${'Und und und und und. '.repeat(4)}Ging ging, gehen. Haus, Haus. Buch.`;

describe(`learn these first on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Translation owns the dictionaries the meanings come from (its word meanings port).
    t = await libraryTestApp([await dictionariesModule()]);
  });
  afterAll(async () => t?.close());

  const learnFirst = async (who: Person, id: string, more = '') => {
    const res = await get(who.agent, `/api/articles/learn-first?articleId=${id}${more}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LearnFirst;
  };
  const labelOf = async (who: Person, id: string, position: string) =>
    (await get(who.agent, `/api/articles/${id}?minPosition=${position}`)).json().difficulty as string;

  it('lists the unknown families by frequency, each family once with its forms and meaning, until the text is 95% known', async () => {
    const reader = person(t);
    const { article } = await createArticle(reader.agent, { languageCode: 'de', content: TEXT });
    await mark(t, reader.uid, 'de', ['und'], 'known');
    const position = await mark(t, reader.uid, 'de', ['haus'], 'uncertain');
    const answer = await learnFirst(reader, article.id, `&minPosition=${position}`);
    expect(answer).toMatchObject({
      totalWords: 26,
      knownWords: 20,
      knownPercent: 76,
      knownPercentAfter: 96,
      targetPercent: 95,
      estimated: false,
    });
    expect(answer.words).toEqual([
      { word: 'gehen', forms: ['ging', 'gehen'], count: 3, status: 'new', meaning: 'go', sentence: 'Ging ging, gehen.' },
      { word: 'haus', forms: ['haus'], count: 2, status: 'uncertain', meaning: 'home', sentence: 'Haus, Haus.' },
    ]);
    // The label agrees with the share: 76% known, 8% uncertain is Ideal.
    expect(await labelOf(reader, article.id, position)).toBe('Ideal');

    // At most `limit` families, even short of 95%.
    const one = await learnFirst(reader, article.id, '&limit=1');
    expect(one.words.map((w) => w.word)).toEqual(['gehen']);
    expect(one.knownPercentAfter).toBe(88);
  });

  it('marking the listed words Known lifts the label to Too Easy and leaves nothing to learn', async () => {
    const reader = person(t);
    const { article } = await createArticle(reader.agent, { languageCode: 'de', content: TEXT });
    const listed = (await learnFirst(reader, article.id, `&minPosition=${await mark(t, reader.uid, 'de', ['und'], 'known')}`)).words;
    expect(listed.map((w) => w.word)).toEqual(['gehen', 'haus']);
    // The reader marks the base words, as the dialog does: "ging" is known through "gehen".
    const position = await mark(
      t,
      reader.uid,
      'de',
      listed.map((w) => w.word),
      'known',
    );
    expect(await labelOf(reader, article.id, position)).toBe('Too Easy');
    const after = await learnFirst(reader, article.id, `&minPosition=${position}`);
    expect(after).toMatchObject({ knownWords: 25, knownPercent: 96, knownPercentAfter: 96, words: [] });
  });

  it('counts Ignored forms nowhere, as the label does: an ignored "Buch" leaves the total', async () => {
    const reader = person(t);
    const { article } = await createArticle(reader.agent, { languageCode: 'de', content: TEXT });
    await mark(t, reader.uid, 'de', ['und', 'haus'], 'known');
    const position = await mark(t, reader.uid, 'de', ['buch'], 'ignored');
    const answer = await learnFirst(reader, article.id, `&minPosition=${position}`);
    // 22 known of 25: 88%; gehen lifts it to 100%.
    expect(answer).toMatchObject({ totalWords: 25, knownWords: 22, knownPercent: 88, knownPercentAfter: 100 });
    expect(answer.words.map((w) => w.word)).toEqual(['gehen']);
  });

  it('gives Russian words their family and dictionary meaning', async () => {
    const reader = person(t);
    const { article } = await createArticle(reader.agent, { languageCode: 'ru', content: 'Он читает книгу. Книга лежит на столе.' });
    const answer = await learnFirst(reader, article.id);
    const book = answer.words.find((w) => w.word === 'книга');
    expect(book).toMatchObject({ forms: expect.arrayContaining(['книгу', 'книга']), count: 2, meaning: 'book' });
    expect(answer.words[0]!.word).toBe('книга');
    expect(answer.knownPercent).toBe(0);
  });

  it('counts marks only while the label is estimated from the level, and says so', async () => {
    const reader = person(t);
    const { article } = await createArticle(reader.agent, { languageCode: 'de', content: TEXT });
    const answer = await learnFirst(reader, article.id, `&minPosition=${await onboard(t, reader.uid, 'de', 'B2')}`);
    expect(answer).toMatchObject({ estimated: true, knownWords: 0, knownPercent: 0 });
    expect(answer.words.map((w) => w.word).slice(0, 2)).toEqual(['und', 'gehen']);
  });

  it('answers 404 for another learner’s private article, and the premium rule for a premium-only one', async () => {
    const author = person(t);
    const { article } = await createArticle(author.agent, { languageCode: 'de', content: TEXT });
    const other = person(t);
    expectProblem(await get(other.agent, `/api/articles/learn-first?articleId=${article.id}`), 404, LIBRARY_MESSAGES.articleNotFound);
    expectProblem(await get(other.agent, `/api/articles/learn-first?articleId=${randomUUID()}`), 404, LIBRARY_MESSAGES.articleNotFound);

    const master = person(t, 'master');
    const premium = (
      (await get(master.agent, '/api/articles?languageCode=de&scope=public&premium=true&pageSize=100')).json().articles as { id: string }[]
    )[0];
    expect(premium).toBeDefined();
    expect((await get(master.agent, `/api/articles/learn-first?articleId=${premium!.id}`)).statusCode).toBe(200);
    expectProblem(await get(other.agent, `/api/articles/learn-first?articleId=${premium!.id}`), 403, LIBRARY_MESSAGES.premiumOnly);
  });
});
