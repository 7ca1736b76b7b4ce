import { z } from 'zod';

/** CEFR levels, ordered from beginner to mastery. */
export const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export const LevelSchema = z.enum(LEVELS);
export type Level = (typeof LEVELS)[number];

export const LEVEL_NAMES: Readonly<Record<Level, string>> = {
  A1: 'Elementary',
  A2: 'Low Intermediate',
  B1: 'Intermediate',
  B2: 'Upper Intermediate',
  C1: 'Advanced',
  C2: 'Proficient',
};

/** Position of a level, 0 (A1) to 5 (C2); lets callers compare levels. */
export function levelIndex(level: Level): number {
  return LEVELS.indexOf(level);
}

/** Inverse of levelIndex; undefined for anything that is not an integer 0..5. */
export function levelFromIndex(index: number): Level | undefined {
  return Number.isInteger(index) ? LEVELS[index] : undefined;
}
