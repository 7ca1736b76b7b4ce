import type { ReviewRating } from '../http/flashcards';

/**
 * Typed answers in review (cloze, typed, listening): how close the learner's text is to the card's, and what
 * FSRS rating that earns. Forgiving where a typist slips (case, edge punctuation, spaces, one swapped or missed
 * letter in a long word) and helpful where a keyboard lacks a letter (a hint for accents instead of a fail).
 */

/**
 * - `correct`: the same text, case, edge punctuation and spacing aside;
 * - `accent`: right but for diacritics (a for ä, e for é, ss for ß, е for ё, oe for œ, ue for ü);
 * - `typo`: one letter added, dropped, changed or two swapped in a word of 5+ letters: counted right, graded Hard;
 * - `wrong`: anything else (an empty answer too).
 */
export type TypedOutcome = 'correct' | 'accent' | 'typo' | 'wrong';

export interface TypedAnswerCheck {
  outcome: TypedOutcome;
  /** For `accent`: the expected letters the answer wrote without (or with other) diacritics, for the hint. */
  marks?: string[];
}

/** A word of at least this many letters forgives one typo. */
export const TYPO_MIN_LETTERS = 5;

const EDGE = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** Trimmed, lower case (NFC), edge punctuation off, typographic apostrophes unified, runs of spaces as one. */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\u2019/g, "'")
    .replace(EDGE, '')
    .replace(/\s+/gu, ' ')
    .toLowerCase()
    .normalize('NFC');
}

const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd' };

/** One letter without its diacritics (NFD then marks off; ß, æ, œ spelled out). */
const foldChar = (char: string): string => LIGATURES[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');

/** A normalized answer without diacritics: "müßig" → "mussig", "élève" → "eleve", "ёж" → "еж". */
export const foldAccents = (text: string): string => Array.from(text, foldChar).join('');

/** German spelled without umlauts on an English keyboard: "Mueller" for "Müller". */
const foldUmlautsAsE = (text: string): string => foldAccents(text.replace(/[äöü]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue' })[c] ?? c));

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), by code point. */
export function editDistance(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  const d = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      const row = d[i]!;
      const above = d[i - 1]!;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[s.length]![t.length]!;
}

const letterCount = (word: string): number => (word.match(/\p{L}/gu) ?? []).length;

/** Word for word the same but one word of 5+ letters, which is one edit off. */
function isTypo(given: string, expected: string): boolean {
  const a = given.split(' ');
  const b = expected.split(' ');
  if (a.length !== b.length) return false;
  const differing = b.map((word, i) => [a[i]!, word] as const).filter(([x, y]) => x !== y);
  if (differing.length !== 1) return false;
  const [x, y] = differing[0]!;
  return letterCount(y) >= TYPO_MIN_LETTERS && editDistance(x, y) === 1;
}

/** The expected letters with diacritics the answer lacks (all of them when each is there, only misplaced), each once. */
function accentMarks(given: string, expected: string): string[] {
  const marked = [...new Set(Array.from(expected).filter((c) => foldChar(c) !== c))];
  const missing = marked.filter((c) => !given.includes(c));
  return missing.length > 0 ? missing : marked;
}

/** Compares a typed answer with the expected text (see TypedOutcome). */
export function checkTypedAnswer(given: string, expected: string): TypedAnswerCheck {
  const a = normalizeAnswer(given);
  const b = normalizeAnswer(expected);
  if (a === '') return { outcome: 'wrong' };
  if (a === b) return { outcome: 'correct' };
  const folded = foldAccents(b);
  if (foldAccents(a) === folded || foldAccents(a) === foldUmlautsAsE(b)) return { outcome: 'accent', marks: accentMarks(a, b) };
  if (isTypo(a, b) || isTypo(foldAccents(a), folded)) return { outcome: 'typo' };
  return { outcome: 'wrong' };
}

/** "Check the accents: ü, ß" (the letters to look at, not the answer). */
export const accentHint = (marks: readonly string[]): string =>
  marks.length > 0 ? `Check the accents: ${marks.join(', ')}` : 'Check the accents';

/**
 * The FSRS rating of a typed answer, from its attempts (a second only after an accent hint): right at once →
 * Good; right after the hint, with a typo, or with the accents still off after the hint → Hard; wrong → Again.
 */
export function gradeTypedAnswer(attempts: readonly TypedOutcome[]): ReviewRating {
  const [first, second] = attempts;
  if (first === 'correct') return 'good';
  if (first === 'typo') return 'hard';
  if (first === 'accent') return second === undefined || second === 'wrong' ? 'again' : 'hard';
  return 'again';
}

/** The FSRS rating of a picked option: the right one → Good, another → Again. */
export const gradePickedAnswer = (right: boolean): ReviewRating => (right ? 'good' : 'again');

/** Whether an attempt ends the answer (an accent miss earns one more try first). */
export const endsAnswer = (attempts: readonly TypedOutcome[]): boolean => attempts.length >= 2 || attempts[0] !== 'accent';

/** A review counts as right in the session's accuracy when it was not rated Again. */
export const isRightRating = (rating: ReviewRating): boolean => rating !== 'again';
