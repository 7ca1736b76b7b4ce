import { describe, expect, it } from 'vitest';
import { Dictionaries } from './dictionaries';
import { dictionaryWordMeanings } from './first-meanings';

describe('first meanings from the bundled dictionaries', () => {
  it('answers the first sense of each word, a German noun for a lower-case key, ё as е, and nothing for none', async () => {
    const meanings = dictionaryWordMeanings();
    // "katze" has no sense of its own: the noun "Katze" answers; "häusern" through its dictionary form.
    expect(Object.fromEntries(await meanings.firstMeanings('de', ['gehen', 'katze', 'über', 'häusern', 'qqqxyz']))).toEqual({
      gehen: 'go',
      katze: 'cat',
      über: 'over',
      häusern: 'home',
    });
    expect(Object.fromEntries(await meanings.firstMeanings('ru', ['книга', 'ёлка']))).toEqual({ книга: 'book', ёлка: 'fir' });
  });

  it('leaves words without meaning when the dictionary cannot be read', async () => {
    const missing = dictionaryWordMeanings(new Dictionaries('/nonexistent'));
    expect(Object.fromEntries(await missing.firstMeanings('de', ['gehen']))).toEqual({});
  });
});
