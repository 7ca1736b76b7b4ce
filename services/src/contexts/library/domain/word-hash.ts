import { createHash } from 'node:crypto';

/**
 * A word (dictionary key) of a language as a 64-bit number: the label query joins numbers instead of text, and an
 * article's word set fits in one array. Collisions are negligible at 64 bits (about 1 in 10^7 for a
 * million distinct words), and would only shift a count by one word's occurrences.
 */
export function wordHash(language: string, word: string): string {
  return createHash('sha1').update(`${language}:${word}`).digest().readBigInt64BE(0).toString();
}
