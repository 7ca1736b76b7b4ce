import { splitWords, wordKey } from './words';

/** Where the missing word goes in a fill-the-missing-word sentence the admin writes. */
export const GAP = '___';

/** An answer compared word by word, case-insensitive and without edge punctuation ("Die Sonne!" = "die sonne"). */
const answerKey = (text: string) => splitWords(text).map(wordKey).join(' ');

/** German written without ß (a keyboard without it, or Swiss usage) spells it ss: "heisst" is "heißt". */
const withoutEszett = (key: string) => key.replace(/ß/g, 'ss');

export interface AnswerCheck {
  correct: boolean;
  /** A right answer spelled otherwise than accepted (ss for ß): the accepted spelling, to show the learner. */
  spelledAs?: string;
}

/**
 * Whether the learner's answer is one of the accepted ones (case and edge punctuation aside, ss for ß), and
 * when it is right only through ss for ß, how the accepted answer spells it.
 */
export function checkAnswer(given: string, accepted: readonly string[]): AnswerCheck {
  const key = answerKey(given);
  if (key === '') return { correct: false };
  if (accepted.some((a) => answerKey(a) === key)) return { correct: true };
  const loose = withoutEszett(key);
  const found = accepted.find((a) => withoutEszett(answerKey(a)) === loose);
  return found === undefined ? { correct: false } : { correct: true, spelledAs: found.trim() };
}

/** True when the learner's answer is one of the accepted ones (see checkAnswer). */
export function answerMatches(given: string, accepted: readonly string[]): boolean {
  return checkAnswer(given, accepted).correct;
}

/** "Before ___ after." → the text before and after the gap (the sentence must have exactly one gap). */
export function splitAtGap(sentence: string): { before: string; after: string } {
  const at = sentence.indexOf(GAP);
  return { before: sentence.slice(0, at), after: sentence.slice(at + GAP.length) };
}
