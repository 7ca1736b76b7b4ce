import { describe, expect, it } from 'vitest';
import { DIFFICULTY_LABELS } from './difficulty';
import {
  difficultyText,
  estimatedDifficulty,
  estimatedKnownPercent,
  labelsAreEstimated,
  MARKS_FOR_PERSONAL_LABELS,
} from './difficulty-estimate';
import { LEVELS, levelIndex } from './levels';

/** A text of 100 running words in one word set: `known` and `uncertain` of them marked by the learner. */
const text = (known = 0, uncertain = 0) => [
  { occurrences: known, status: 'known' as const },
  { occurrences: uncertain, status: 'uncertain' as const },
  { occurrences: 100 - known - uncertain },
];
const hardness = (label: string) => (DIFFICULTY_LABELS as readonly string[]).indexOf(label);

describe('estimated difficulty labels', () => {
  for (const learner of LEVELS) {
    it(`order texts by level for a new ${learner} learner: their level fits, two levels up is hard, never easier as the level rises`, () => {
      const labels = LEVELS.map((level) => estimatedDifficulty(text(), level, learner));
      expect(['Ideal', 'Easy']).toContain(labels[levelIndex(learner)]);
      const twoUp = LEVELS[levelIndex(learner) + 2];
      if (twoUp) expect(hardness(estimatedDifficulty(text(), twoUp, learner)), twoUp).toBeGreaterThanOrEqual(hardness('Difficult'));
      expect(labels.map(hardness)).toEqual(labels.map(hardness).sort((a, b) => a - b));
    });
  }

  it('read a text at the learner’s level as Ideal, easier ones Easy and Too Easy, harder ones Medium, Difficult, Very Difficult', () => {
    expect(LEVELS.map((level) => estimatedDifficulty(text(), level, 'B1'))).toEqual([
      'Too Easy',
      'Easy',
      'Ideal',
      'Medium',
      'Difficult',
      'Very Difficult',
    ]);
    expect(estimatedDifficulty(text(), 'C2', 'A1')).toBe('Very Difficult');
    expect(estimatedKnownPercent('A1', 'C2')).toBe(estimatedKnownPercent('A1', 'B1'));
  });

  it('let the learner’s own marks win over the estimate, by the spec’s rule', () => {
    // A B2 text for an A2 learner: 37% of unmarked words taken as known, "Difficult".
    expect(estimatedDifficulty(text(), 'B2', 'A2')).toBe('Difficult');
    // 60 words marked known, 37% of the other 40: 74.8% known, "Medium".
    expect(estimatedDifficulty(text(60), 'B2', 'A2')).toBe('Medium');
    expect(estimatedDifficulty(text(95), 'B2', 'A2')).toBe('Too Easy');
    // Uncertain marks are not known, and more than 15% of them rules out "Ideal" (A2 text, A2 learner: 80% of the rest).
    expect(estimatedDifficulty(text(0, 10), 'A2', 'A2')).toBe('Medium'); // 72% known
    expect(estimatedDifficulty(text(20, 16), 'A2', 'A2')).toBe('Medium'); // 71.2% known, 16% uncertain
  });

  it('count Ignored words nowhere: neither marked nor estimated, nor in the total', () => {
    // 60 known, 40 unmarked of which 30 are names the learner ignored: 60 of 70 counted words known, and 37% of the 10 left.
    const words = [{ occurrences: 60, status: 'known' as const }, { occurrences: 30, status: 'ignored' as const }, { occurrences: 10 }];
    expect(estimatedDifficulty(words, 'B2', 'A2')).toBe('Easy'); // 90.9% known
    expect(estimatedDifficulty(text(60), 'B2', 'A2')).toBe('Medium'); // the same text, the names unmarked
  });

  it('compare exactly at the thresholds', () => {
    // 25 known + 80% of the other 75 = 85% known: "Easy" exactly at its bound; 24 + 80% of 76 = 84.8%: "Ideal".
    expect(estimatedDifficulty(text(25), 'B2', 'B2')).toBe('Easy');
    expect(estimatedDifficulty(text(24), 'B2', 'B2')).toBe('Ideal');
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
