import { difficultyFromCounts, type DifficultyLabel } from './difficulty';
import { LEVEL_HINT_THRESHOLDS } from './level-hint';
import type { Level } from './levels';

/**
 * Marked words (Known + Uncertain, in one language) from which a learner's labels are the spec's own.
 * Below it most words of any text are still unmarked, so the spec's rule would call nearly every article
 * "Very Difficult" whatever the learner can read: the 500 most frequent words alone make up about two
 * thirds of running text, and a learner who has marked fewer has not yet told us even those.
 */
export const MARKS_FOR_PERSONAL_LABELS = 500;

/**
 * How many of a language's most frequent words a learner at each onboarding level is taken to know: the
 * lower bound of the level's band in the spec's level hint (800 words for A2 ... 12,000 for C2), and for A1,
 * whose band starts at nothing, half of A2's.
 */
export const ESTIMATED_KNOWN_WORDS: Readonly<Record<Level, number>> = {
  A1: LEVEL_HINT_THRESHOLDS[0] / 2,
  A2: LEVEL_HINT_THRESHOLDS[0],
  B1: LEVEL_HINT_THRESHOLDS[1],
  B2: LEVEL_HINT_THRESHOLDS[2],
  C1: LEVEL_HINT_THRESHOLDS[3],
  C2: LEVEL_HINT_THRESHOLDS[4],
};

/** True while a learner's labels are estimated: they told us a level and have marked too few words. */
export function labelsAreEstimated(markedWords: number, level: Level | undefined): boolean {
  return level !== undefined && markedWords < MARKS_FOR_PERSONAL_LABELS;
}

export interface EstimatedWord {
  /** 1 for the language's most frequent word; undefined for a word outside the frequency list. */
  readonly rank?: number;
  readonly occurrences: number;
  /** The learner's own mark, which wins over the estimate. */
  readonly status?: 'known' | 'uncertain';
}

/**
 * A text's label for a learner of `level` who has marked few words: a word counts as known when the
 * learner marked it known, or when it is among the `ESTIMATED_KNOWN_WORDS[level]` most frequent words and
 * the learner did not mark it uncertain; then the spec's rule applies to those counts.
 */
export function estimatedDifficulty(words: Iterable<EstimatedWord>, level: Level): DifficultyLabel {
  const knownRanks = ESTIMATED_KNOWN_WORDS[level];
  let total = 0;
  let known = 0;
  let uncertain = 0;
  for (const w of words) {
    total += w.occurrences;
    if (w.status === 'uncertain') uncertain += w.occurrences;
    else if (w.status === 'known' || (w.rank !== undefined && w.rank <= knownRanks)) known += w.occurrences;
  }
  return difficultyFromCounts(total, known, uncertain);
}

/** How a label reads on screen: an estimate says so. */
export const difficultyText = (label: DifficultyLabel, estimated: boolean): string => (estimated ? `Estimated: ${label}` : label);
