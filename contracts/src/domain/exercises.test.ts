import { describe, expect, it } from 'vitest';
import { answerMatches, checkAnswer, splitAtGap } from './exercises';

describe('exercise answers', () => {
  it('accepts an answer whatever its case and edge punctuation, and any accepted alternative', () => {
    expect(answerMatches('sonne', ['Sonne'])).toBe(true);
    expect(answerMatches(' Die Sonne! ', ['die Sonne'])).toBe(true);
    expect(answerMatches('Mond', ['Sonne', 'Mond'])).toBe(true);
    expect(answerMatches('Sone', ['Sonne'])).toBe(false);
    expect(answerMatches('  ', ['Sonne'])).toBe(false);
  });

  it('accepts ss for ß (case aside) and says how the accepted answer spells it', () => {
    expect(checkAnswer('heisst', ['heißt'])).toEqual({ correct: true, spelledAs: 'heißt' });
    expect(checkAnswer('Er HEISST Max.', ['er heißt Max'])).toEqual({ correct: true, spelledAs: 'er heißt Max' });
    expect(checkAnswer('Heißt', ['heißt'])).toEqual({ correct: true });
    expect(checkAnswer('heist', ['heißt'])).toEqual({ correct: false });
    expect(checkAnswer('weiss', ['Haus', 'weiß'])).toEqual({ correct: true, spelledAs: 'weiß' });
  });

  it('splits a sentence at its gap', () => {
    expect(splitAtGap('Die ___ scheint.')).toEqual({ before: 'Die ', after: ' scheint.' });
  });
});
