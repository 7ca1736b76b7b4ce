import { splitWords, wordKey } from './words';

/** Where the missing word goes in a fill-the-missing-word sentence the admin writes. */
export const GAP = '___';

/** An answer compared word by word, case-insensitive and without edge punctuation ("Die Sonne!" = "die sonne"). */
const answerKey = (text: string) => splitWords(text).map(wordKey).join(' ');

/** True when the learner's answer is one of the accepted ones. */
export function answerMatches(given: string, accepted: readonly string[]): boolean {
  const key = answerKey(given);
  return key !== '' && accepted.some((a) => answerKey(a) === key);
}

/** "Before ___ after." → the text before and after the gap (the sentence must have exactly one gap). */
export function splitAtGap(sentence: string): { before: string; after: string } {
  const at = sentence.indexOf(GAP);
  return { before: sentence.slice(0, at), after: sentence.slice(at + GAP.length) };
}
