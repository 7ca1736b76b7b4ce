import { describe, expect, it } from 'vitest';
import { difficultyText, ESTIMATED_KNOWN_WORDS, estimatedDifficulty, labelsAreEstimated, MARKS_FOR_PERSONAL_LABELS } from './difficulty-estimate';

/** A text of `n` occurrences, one per word, whose words have these frequency ranks. */
const text = (ranks: (number | undefined)[]) => ranks.map((rank) => ({ rank, occurrences: 1 }));

describe('estimated difficulty labels', () => {
  it('take a learner to know the most frequent words up to the lower bound of their level', () => {
    expect(ESTIMATED_KNOWN_WORDS).toEqual({ A1: 400, A2: 800, B1: 2000, B2: 4500, C1: 8000, C2: 12000 });
  });

  it('label a text by how many of its words the level covers, with the spec’s rule', () => {
    // 9 of 10 words within the 800 most frequent: 90% known, Easy for A2; 7 within 400: Medium for A1.
    const words = text([1, 5, 20, 50, 120, 300, 350, 600, 790, 5000]);
    expect(estimatedDifficulty(words, 'A2')).toBe('Easy');
    expect(estimatedDifficulty(words, 'A1')).toBe('Medium');
    expect(estimatedDifficulty(words, 'B2')).toBe('Easy'); // 5000 is beyond B2's 4500
    expect(estimatedDifficulty(words, 'C1')).toBe('Too Easy');
    // Words outside the frequency list count as unknown at every level.
    expect(estimatedDifficulty(text([undefined, undefined, 1]), 'C2')).toBe('Difficult');
  });

  it('count occurrences, not distinct words', () => {
    expect(estimatedDifficulty([{ rank: 1, occurrences: 19 }, { rank: 9000, occurrences: 1 }], 'A1')).toBe('Too Easy');
  });

  it('let the learner’s own marks win over the estimate', () => {
    const rare = { rank: 9000, occurrences: 1 };
    const common = { rank: 3, occurrences: 1 };
    expect(estimatedDifficulty([common, rare], 'A2')).toBe('Challenging');
    expect(estimatedDifficulty([common, { ...rare, status: 'known' as const }], 'A2')).toBe('Too Easy');
    expect(estimatedDifficulty([{ ...common, status: 'uncertain' as const }, { ...rare, status: 'known' as const }], 'A2')).toBe('Challenging');
  });

  it('apply while the learner has a level and fewer marks than the threshold', () => {
    expect(MARKS_FOR_PERSONAL_LABELS).toBe(500);
    expect(labelsAreEstimated(0, 'A2')).toBe(true);
    expect(labelsAreEstimated(499, 'B1')).toBe(true);
    expect(labelsAreEstimated(500, 'B1')).toBe(false);
    expect(labelsAreEstimated(0, undefined)).toBe(false);
  });

  it('read as estimates on screen', () => {
    expect(difficultyText('Easy', true)).toBe('Estimated: Easy');
    expect(difficultyText('Easy', false)).toBe('Easy');
  });
});
