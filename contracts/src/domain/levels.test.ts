import { describe, it, expect } from 'vitest';
import { LEVELS, LEVEL_NAMES, LevelSchema, levelFromIndex, levelIndex } from './levels';

describe('levels', () => {
  it('are A1..C2 with their names', () => {
    expect(LEVELS).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    expect(LEVEL_NAMES).toEqual({
      A1: 'Elementary',
      A2: 'Low Intermediate',
      B1: 'Intermediate',
      B2: 'Upper Intermediate',
      C1: 'Advanced',
      C2: 'Proficient',
    });
  });

  it('index 0..5 round-trips', () => {
    expect(levelIndex('A1')).toBe(0);
    expect(levelIndex('B2')).toBe(3);
    expect(levelIndex('C2')).toBe(5);
    LEVELS.forEach((level, i) => {
      expect(levelIndex(level)).toBe(i);
      expect(levelFromIndex(i)).toBe(level);
    });
  });

  it('levelFromIndex rejects out-of-range and fractional indexes', () => {
    expect(levelFromIndex(-1)).toBeUndefined();
    expect(levelFromIndex(6)).toBeUndefined();
    expect(levelFromIndex(1.5)).toBeUndefined();
    expect(levelFromIndex(Number.NaN)).toBeUndefined();
  });

  it('schema rejects lowercase', () => {
    expect(LevelSchema.safeParse('a1').success).toBe(false);
    expect(LevelSchema.parse('C1')).toBe('C1');
  });
});
