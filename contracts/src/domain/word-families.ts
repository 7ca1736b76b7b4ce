import { levelHintForWordCount } from './level-hint';
import { isPhraseKey } from './words';
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
 * Ignored words (names, numbers, foreign words) and New ones count nowhere, nor do saved phrases ("zum
 * Beispiel"): a phrase is no word, and its words count by their own marks.
 */
export function familyCounts(
  words: Iterable<{ readonly word: string; readonly status: string }>,
  baseOf: (word: string) => string,
): FamilyCounts {
  const known = new Set<string>();
  const uncertain = new Set<string>();
  for (const { word, status } of words) {
    if (isPhraseKey(word)) continue;
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

/** Where a form's base word came from, in the order they win. */
export type BaseSource = 'own' | 'split' | 'corrected' | 'dictionary';

/** What changes a form's family besides the bundled analyser's link (keys are word keys, lower case). */
export interface FamilyOverrides {
  /** The learner's own choices: a form's base word set by hand, or the form itself when split off ("not the same word"). */
  readonly own?: ReadonlyMap<string, string>;
  /** Admins' corrections of a wrong base word, for everyone. */
  readonly corrected?: ReadonlyMap<string, string>;
}

/**
 * A form's base word as the learner sees it: their own choice (a split form is its own base), else an
 * admin's correction, else the analyser's link (`analyser` answers the word itself when it links none).
 * A base set by hand is taken as given, not looked up again: the learner said which word it is.
 */
export function familyBase(
  word: string,
  analyser: (word: string) => string,
  overrides: FamilyOverrides = {},
): { base: string; source: BaseSource } {
  const own = overrides.own?.get(word);
  if (own !== undefined) return { base: own, source: own === word ? 'split' : 'own' };
  const corrected = overrides.corrected?.get(word);
  if (corrected !== undefined) return { base: corrected, source: 'corrected' };
  return { base: analyser(word), source: 'dictionary' };
}

/** `familyBase` as the `baseOf` of familyCounts. */
export const familyBaseOf =
  (analyser: (word: string) => string, overrides: FamilyOverrides = {}) =>
  (word: string): string =>
    familyBase(word, analyser, overrides).base;

/**
 * The other forms of `base`'s family among `words` (a page's words: word keys, in any order, repeats
 * allowed), each once, in their first order: what "Mark the N other forms of <base> on this page" marks.
 */
export function otherFormsOf(base: string, word: string, words: Iterable<string>, baseOf: (word: string) => string): string[] {
  const seen = new Set<string>([word]);
  const forms: string[] = [];
  for (const w of words) {
    if (seen.has(w)) continue;
    seen.add(w);
    if (baseOf(w) === base) forms.push(w);
  }
  return forms;
}
