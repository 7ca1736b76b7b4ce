import { levelHintForWordCount } from './level-hint';
import type { Level } from './levels';

/** Families of a learner's dictionary in one language by the best status among their forms. */
export interface FamilyCounts {
  /** Families with at least one form (the base word or any inflected form) marked Known. */
  readonly familiesKnown: number;
  /** Families with a form marked Uncertain and none Known. */
  readonly familiesUncertain: number;
}

/**
 * Counts a dictionary by word family: a family (a base word and its forms, `baseOf` giving a word's base
 * word, the word itself when it has none) is known when its base word or any form of it is Known, so a
 * learner who knows "gehen" and marks "ging", "gegangen" and "gehst" Known has one family known, not four;
 * and one who only ever marked "ging" knows the family of "gehen" too (marking a form known is knowing the
 * word: LinguaCafe counts known lemmas). A family with no Known form and an Uncertain one is uncertain.
 * Ignored words (names, numbers, foreign words) and New ones count nowhere.
 */
export function familyCounts(
  words: Iterable<{ readonly word: string; readonly status: string }>,
  baseOf: (word: string) => string,
): FamilyCounts {
  const known = new Set<string>();
  const uncertain = new Set<string>();
  for (const { word, status } of words) {
    if (status === 'known') known.add(baseOf(word));
    else if (status === 'uncertain') uncertain.add(baseOf(word));
  }
  let familiesUncertain = 0;
  for (const base of uncertain) if (!known.has(base)) familiesUncertain++;
  return { familiesKnown: known.size, familiesUncertain };
}

/** The spec's level hint (Known + Uncertain, thresholds 800 ... 12000) applied to families instead of forms. */
export function familyLevelHint(counts: FamilyCounts): Level {
  return levelHintForWordCount(counts.familiesKnown + counts.familiesUncertain);
}
