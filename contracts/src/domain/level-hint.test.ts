import { describe, it, expect } from 'vitest';
import { LEVEL_HINT_THRESHOLDS, levelHint, levelHintForWordCount, nextLevelHint } from './level-hint';

describe('level hint', () => {
  it('exports the thresholds', () => {
    expect(LEVEL_HINT_THRESHOLDS).toEqual([800, 2000, 4500, 8000, 12000]);
  });

  it.each([
    [0, 'A1'],
    [799, 'A1'],
    [800, 'A2'],
    [1999, 'A2'],
    [2000, 'B1'],
    [4499, 'B1'],
    [4500, 'B2'],
    [7999, 'B2'],
    [8000, 'C1'],
    [11999, 'C1'],
    [12000, 'C2'],
    [50000, 'C2'],
  ] as const)('%i words → %s', (count, level) => {
    expect(levelHintForWordCount(count)).toBe(level);
  });

  it('counts Known and Uncertain words together', () => {
    expect(levelHint({ known: 799, uncertain: 0 })).toBe('A1');
    expect(levelHint({ known: 799, uncertain: 1 })).toBe('A2');
    expect(levelHint({ known: 0, uncertain: 800 })).toBe('A2');
    expect(levelHint({ known: 6000, uncertain: 5999 })).toBe('C1');
    expect(levelHint({ known: 6000, uncertain: 6000 })).toBe('C2');
  });
});

describe('next level hint', () => {
  it.each([
    [0, { level: 'A2', threshold: 800, missing: 800 }],
    [799, { level: 'A2', threshold: 800, missing: 1 }],
    [800, { level: 'B1', threshold: 2000, missing: 1200 }],
    [11999, { level: 'C2', threshold: 12000, missing: 1 }],
  ] as const)('%i words → %o', (count, next) => {
    expect(nextLevelHint(count)).toEqual(next);
  });

  it('has nothing after C2', () => {
    expect(nextLevelHint(12000)).toBeNull();
  });
});
