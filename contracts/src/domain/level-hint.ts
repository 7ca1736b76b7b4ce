import { LEVELS } from './levels';
import type { Level } from './levels';

/** Minimum Known + Uncertain dictionary words for A2, B1, B2, C1, C2. */
export const LEVEL_HINT_THRESHOLDS = [800, 2000, 4500, 8000, 12000] as const;

/** Suggested CEFR level for a learner whose dictionary has this many Known + Uncertain words. */
export function levelHintForWordCount(wordCount: number): Level {
  const reached = LEVEL_HINT_THRESHOLDS.filter((threshold) => wordCount >= threshold).length;
  return LEVELS[reached] ?? 'A1';
}

/** Both Known and Uncertain words count towards the hint; New and others do not. */
export function levelHint(counts: { readonly known: number; readonly uncertain: number }): Level {
  return levelHintForWordCount(counts.known + counts.uncertain);
}

/** The next level a dictionary of this many Known + Uncertain words reaches, and at how many words; null at C2. */
export function nextLevelHint(wordCount: number): { level: Level; threshold: number; missing: number } | null {
  const index = LEVEL_HINT_THRESHOLDS.findIndex((threshold) => wordCount < threshold);
  if (index === -1) return null;
  const threshold = LEVEL_HINT_THRESHOLDS[index]!;
  return { level: LEVELS[index + 1]!, threshold, missing: threshold - wordCount };
}
