import { countWords, difficultyFromCounts, type CountedWord, type DifficultyLabel } from './difficulty';
import { LEVELS, levelIndex, type Level } from './levels';

/**
 * Marked words (Known + Uncertain, in one language) from which a learner's labels are the spec's own.
 * Below it most words of any text are still unmarked, so the spec's rule would call nearly every article
 * "Very Difficult" whatever the learner can read: the 500 most frequent words alone make up about two
 * thirds of running text, and a learner who has marked fewer has not yet told us even those.
 */
export const MARKS_FOR_PERSONAL_LABELS = 500;

/**
 * The share (percent) of a text's unmarked words a learner is taken to know, by how many CEFR levels the
 * text's level lies above the learner's onboarding level: from two or more below to three or more above.
 * Each is the middle of one band of the spec's rule (§9), so a text of the learner's own level reads
 * "Ideal", one level below "Easy", two or more below "Too Easy", one above "Medium", two above "Difficult"
 * and three or more above "Very Difficult". The text's level decides, not its words' frequency: frequency
 * lists hardly tell an A1 text from a C1 one (the demo texts' 2,000 most frequent words cover 60-90% of
 * every level's running words), so an estimate from them called A1 texts "Challenging" for A1 learners.
 */
export const ESTIMATED_KNOWN_PERCENT_BY_GAP = [97, 90, 80, 67, 37, 15] as const;
const LOWEST_GAP = -2;

/** The known share (percent) an estimate takes for a text of `textLevel` and a learner of `learnerLevel`. */
export function estimatedKnownPercent(textLevel: Level, learnerLevel: Level): number {
  const gap = levelIndex(textLevel) - levelIndex(learnerLevel);
  const at = Math.min(Math.max(gap - LOWEST_GAP, 0), ESTIMATED_KNOWN_PERCENT_BY_GAP.length - 1);
  return ESTIMATED_KNOWN_PERCENT_BY_GAP[at]!;
}

/** Every pair of levels with its estimated known share (the SQL of the library lists the same table). */
export const ESTIMATED_KNOWN_PERCENT_TABLE: readonly { textLevel: Level; learnerLevel: Level; percent: number }[] = LEVELS.flatMap(
  (textLevel) => LEVELS.map((learnerLevel) => ({ textLevel, learnerLevel, percent: estimatedKnownPercent(textLevel, learnerLevel) })),
);

/** True while a learner's labels are estimated: they told us a level and have marked too few words. */
export function labelsAreEstimated(markedWords: number, level: Level | undefined): boolean {
  return level !== undefined && markedWords < MARKS_FOR_PERSONAL_LABELS;
}

/** A word of the text with the learner's own mark, which wins over the estimate (Ignored: counted nowhere). */
export type EstimatedWord = CountedWord;

/**
 * A text's label for a learner who has marked few words: the words they marked count as marked (known, or
 * uncertain; Ignored ones not at all), and of the rest `estimatedKnownPercent` counts as known; then the spec's rule applies. Counted
 * in hundredths of an occurrence, so the rule's comparisons stay exact.
 */
export function estimatedDifficulty(words: Iterable<EstimatedWord>, textLevel: Level, learnerLevel: Level): DifficultyLabel {
  const { total, known, uncertain } = countWords(words);
  const unmarked = total - known - uncertain;
  return difficultyFromCounts(100 * total, 100 * known + estimatedKnownPercent(textLevel, learnerLevel) * unmarked, 100 * uncertain);
}

/** How a label reads on screen: an estimate says so. */
export const difficultyText = (label: DifficultyLabel, estimated: boolean): string => (estimated ? `Estimated: ${label}` : label);
