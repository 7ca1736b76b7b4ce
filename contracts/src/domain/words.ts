/**
 * Word splitting for the reader. Language-agnostic: the rules below do the
 * right thing for de, fr, es and ru text without knowing which one it is.
 *
 * - A word is a run of letters, combining marks and digits that contains at
 *   least one letter, so "2024" or "3,5" are not words but "H2O" is.
 * - Hyphens, apostrophes (' and ’) and soft hyphens join two runs into one
 *   word: "peut-être", "Baden-Württemberg", "aujourd'hui", "geht's".
 * - French elided articles/pronouns (l', d', j', qu', n', s', c', m', t',
 *   jusqu', lorsqu', puisqu') at the start of a word become their own word,
 *   apostrophe included, so "l'homme" is "l'" + "homme" and the learner looks
 *   up "homme". "aujourd'hui", "quelqu'un", "presqu'île" stay whole because
 *   their first part is not one of those prefixes.
 * - Everything else (spaces, punctuation including ¿ ¡ « », numbers) is
 *   "other" text, kept verbatim so the reader can re-render the original.
 */

export interface WordToken {
  readonly kind: 'word';
  /** Exactly as written in the text. */
  readonly text: string;
  /** wordKey(text): what the learner's dictionary is keyed by. */
  readonly key: string;
}

export interface OtherToken {
  readonly kind: 'other';
  readonly text: string;
  readonly key?: undefined;
}

export type Token = WordToken | OtherToken;

/** French stems that elide before a vowel; split off when followed by an apostrophe at the start of a word. */
export const ELISION_STEMS = ['jusqu', 'lorsqu', 'puisqu', 'qu', 'l', 'd', 'j', 'n', 's', 'c', 'm', 't'] as const;

const APOSTROPHES = "'\u2019";
const RUN = '[\\p{L}\\p{M}\\p{N}]+';
// Hyphen-minus, Unicode hyphen, non-breaking hyphen, soft hyphen, both apostrophes.
const JOINER = "[-\\u2010\\u2011\\u00AD'\\u2019]";
const CANDIDATE = new RegExp(`${RUN}(?:${JOINER}${RUN})*`, 'gu');
const HAS_LETTER = /\p{L}/u;
const HAS_APOSTROPHE = /['\u2019]/;
/** A single run of letters, marks and digits with a letter in it: its key is its lower case (NFC). */
const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]*\p{L}[\p{L}\p{M}\p{N}]*$/u;
const LEADING_NON_WORD = /^[^\p{L}\p{M}\p{N}]+/u;
const TRAILING_NON_WORD = /[^\p{L}\p{M}\p{N}]+$/u;

function isApostrophe(char: string | undefined): boolean {
  return char !== undefined && char.length === 1 && APOSTROPHES.includes(char);
}

function isElisionStem(text: string): boolean {
  return (ELISION_STEMS as readonly string[]).includes(text.toLowerCase());
}

/** Length of a leading elided prefix including its apostrophe ("l'" → 2), or 0. */
function elisionPrefixLength(word: string): number {
  for (const stem of ELISION_STEMS) {
    if (word.length > stem.length && word.slice(0, stem.length).toLowerCase() === stem && isApostrophe(word[stem.length])) {
      return stem.length + 1;
    }
  }
  return 0;
}

/**
 * Dictionary key for a word: NFC, lowercase (locale-insensitive, so the same
 * on every device), typographic apostrophes/hyphens unified, soft hyphens
 * removed, punctuation stripped from both edges. A trailing apostrophe is kept
 * after an elision stem so "l’" keys as "l'" rather than as the letter "l".
 *
 * Deliberately not folded: ß vs ss (different spellings), accents, and
 * Russian ё vs е ("всё" everything vs "все" everyone are different words).
 * Returns '' for input without letters (numbers are not words).
 */
export function wordKey(word: string): string {
  // Most words are one run of letters: nothing to unify or strip (the same result, without the passes below).
  if (PLAIN_WORD.test(word)) return word.normalize('NFC').toLowerCase().normalize('NFC');
  const unified = word
    .normalize('NFC')
    .replace(/\u2019/g, "'")
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/\u00AD/g, '');
  const withoutLeading = unified.replace(LEADING_NON_WORD, '');
  const core = withoutLeading.replace(TRAILING_NON_WORD, '');
  if (!HAS_LETTER.test(core)) return '';
  const keepsApostrophe = isElisionStem(core) && withoutLeading[core.length] === "'";
  const key = keepsApostrophe ? `${core}'` : core;
  return key.toLowerCase().normalize('NFC');
}

/** A phrase (a dictionary entry of several words: "zum Beispiel") has at most this many words. */
export const MAX_PHRASE_WORDS = 8;
export const PHRASE_TOO_LONG = `A phrase has at most ${MAX_PHRASE_WORDS} words`;

/**
 * Dictionary key of a word or a phrase. Text without white space inside is one word (wordKey: "l'homme"
 * stays as it was always keyed). Text with white space is a phrase: its words' keys joined by one space,
 * whatever was between them (line breaks, several spaces, punctuation), so "Zum\nBeispiel" is "zum beispiel"
 * and the reader finds it by the keys of the page's words. A "phrase" of one word is that word's key.
 */
export function entryKey(text: string): string {
  if (!/\s/u.test(text.trim())) return wordKey(text);
  return splitWords(text)
    .map((word) => wordKey(word))
    .join(' ');
}

/** How many words a dictionary key holds: 1 for a word, more for a phrase. */
export const entryWordCount = (key: string): number => (key === '' ? 0 : key.split(' ').length);

/** Whether a dictionary key is a phrase (several words). */
export const isPhraseKey = (key: string): boolean => key.includes(' ');

/** Splits a candidate like "d'aujourd'hui" into its elided prefixes and the rest. */
function splitElisions(candidate: string): string[] {
  if (!HAS_APOSTROPHE.test(candidate)) return [candidate];
  const parts: string[] = [];
  let rest = candidate;
  for (let length = elisionPrefixLength(rest); length > 0; length = elisionPrefixLength(rest)) {
    parts.push(rest.slice(0, length));
    rest = rest.slice(length);
  }
  parts.push(rest);
  return parts;
}

/**
 * Splits text into words and the text between them. Concatenating the token
 * texts always gives back the input exactly; two "other" tokens are never
 * adjacent (two words can be: "l'" + "homme").
 */
export function tokenize(text: string): Token[] {
  return scan(text, true) as Token[];
}

/** A word or the text between words, without its dictionary key. */
export interface Segment {
  readonly kind: 'word' | 'other';
  readonly text: string;
}

/**
 * tokenize's split without the dictionary keys, for a caller that only needs where the words are (the
 * reader pages a whole article, then keys one page's words): the keys were a third of the time.
 */
export function segment(text: string): Segment[] {
  return scan(text, false);
}

function scan(text: string, keyed: boolean): Segment[] {
  const tokens: (Segment | Token)[] = [];
  visitSegments(
    text,
    (from, to) => {
      const part = text.slice(from, to);
      tokens.push(keyed ? { kind: 'word', text: part, key: wordKey(part) } : { kind: 'word', text: part });
    },
    (from, to) => {
      const other = text.slice(from, to);
      const last = tokens.at(-1);
      if (last?.kind === 'other') tokens[tokens.length - 1] = { kind: 'other', text: last.text + other };
      else tokens.push({ kind: 'other', text: other });
    },
  );
  return tokens as Segment[];
}

/**
 * Walks a text's segments in order without building them: [from, to) of each word and of each stretch of
 * other text (two stretches in a row may come separately; `segment` joins them). The reader's pager walks a
 * whole article on every open: building its tokens cost a first page 15-20 ms of cold code, this 5.
 */
export function visitSegments(text: string, onWord: (from: number, to: number) => void, onOther: (from: number, to: number) => void): void {
  let cursor = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    let candidate = match[0];
    // "l' homme": the apostrophe belongs to the elided word even when no letter follows.
    const next = text.charAt(start + candidate.length);
    if (isApostrophe(next) && isElisionStem(candidate)) candidate += next;
    if (start > cursor) onOther(cursor, start);
    let at = start;
    for (const part of splitElisions(candidate)) {
      if (HAS_LETTER.test(part)) onWord(at, at + part.length);
      else if (part !== '') onOther(at, at + part.length);
      at += part.length;
    }
    cursor = start + candidate.length;
  }
  if (cursor < text.length) onOther(cursor, text.length);
}

/** Just the words, as written. */
export function splitWords(text: string): string[] {
  return tokenize(text).flatMap((token) => (token.kind === 'word' ? [token.text] : []));
}

/** "a, b; c" → ["a", "b", "c"]; empty items are dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * A pasted word list: items separated by commas, semicolons or line breaks (spec §5: split and trimmed),
 * each keyed like a looked-up word (edge punctuation trimmed, lower case), without repeats. An item that
 * is not exactly one word (a phrase, a number) is skipped, as written, so the learner can see which.
 */
export function splitWordList(text: string): { words: string[]; skipped: string[] } {
  const words = new Set<string>();
  const skipped: string[] = [];
  for (const item of text.split(/\r?\n|\r/).flatMap(splitList)) {
    const found = splitWords(item);
    if (found.length === 1 && wordKey(item) === wordKey(found[0]!)) words.add(wordKey(found[0]!));
    else skipped.push(item);
  }
  return { words: [...words], skipped };
}
