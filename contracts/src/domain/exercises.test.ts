import { describe, expect, it } from 'vitest';
import { answerMatches, splitAtGap } from './exercises';

describe('exercise answers', () => {
  it('accepts an answer whatever its case and edge punctuation, and any accepted alternative', () => {
    expect(answerMatches('sonne', ['Sonne'])).toBe(true);
    expect(answerMatches(' Die Sonne! ', ['die Sonne'])).toBe(true);
    expect(answerMatches('Mond', ['Sonne', 'Mond'])).toBe(true);
    expect(answerMatches('Sone', ['Sonne'])).toBe(false);
    expect(answerMatches('  ', ['Sonne'])).toBe(false);
  });

  it('splits a sentence at its gap', () => {
    expect(splitAtGap('Die ___ scheint.')).toEqual({ before: 'Die ', after: ' scheint.' });
  });
});
