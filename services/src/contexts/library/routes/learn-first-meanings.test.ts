import { describe, expect, it } from 'vitest';
import { FirstMeanings } from './learn-first-meanings';

describe('first meanings from the bundled dictionaries', () => {
  it('answers the first sense of each key, a capitalized headword for a key without one, ё as е, and null for none', async () => {
    const meanings = new FirstMeanings();
    // "katze" is a form without a sense of its own: the noun "Katze" answers; "über" sorts after every ASCII key.
    expect(Object.fromEntries(await meanings.of('de', ['gehen', 'katze', 'über', 'qqqxyz']))).toEqual({
      gehen: 'go',
      katze: 'cat',
      über: 'over',
      qqqxyz: null,
    });
    expect(Object.fromEntries(await meanings.of('ru', ['книга', 'ёлка']))).toEqual({ книга: 'book', ёлка: 'fir' });
  });

  it('leaves words without meaning when the dictionary cannot be read', async () => {
    const missing = new FirstMeanings('/nonexistent');
    expect(Object.fromEntries(await missing.of('de', ['gehen']))).toEqual({ gehen: null });
  });
});
