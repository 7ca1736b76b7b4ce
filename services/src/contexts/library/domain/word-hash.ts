import { createHash } from 'node:crypto';
import type { LearningLanguage } from '@verba/contracts';
import { baseForms } from '../../../platform/base-forms';

/**
 * A word (dictionary key) of a language as a 64-bit number: the label query joins numbers instead of text, and an
 * article's word set fits in one array. Collisions are negligible at 64 bits (about 1 in 10^7 for a
 * million distinct words), and would only shift a count by one word's occurrences.
 */
export function wordHash(language: string, word: string): string {
  return createHash('sha1').update(`${language}:${word}`).digest().readBigInt64BE(0).toString();
}

/**
 * The hash of a word's family: wordHash of its base word by the bundled dictionary ("ging", "gegangen" and
 * "gehen" all give wordHash('de', 'gehen')); a word the dictionary links to none is its own family, so its
 * family hash is its word hash. Read models keep it beside the word hash so a label counts a form as known
 * when the reader knows any form of its family, in the same one query.
 *
 * Pure for a given dictionary: the projections that store it must bump their version when the bundled
 * dictionaries change, or rows written before and after would disagree with a rebuild.
 */
export function familyHash(language: LearningLanguage, word: string): string {
  return wordHash(language, baseForms.now(language).baseOf(word));
}
