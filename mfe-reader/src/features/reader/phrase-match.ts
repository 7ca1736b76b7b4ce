/**
 * Where a page's text holds the learner's saved phrases (issue 38.3): pure, over the page's word keys and
 * the text between the words, so the reader paints each occurrence as one unit.
 *
 * What counts as the same phrase (LingQ's rule, decided here):
 * - the same words by their dictionary keys, so case and typographic apostrophes do not matter;
 * - with only white space between them, a single line break included ("zum\nBeispiel"): a comma, a full stop,
 *   a dash or a quote mark between two words breaks the phrase, and so does a paragraph (two line breaks);
 * - where saved phrases overlap, the one that starts first wins, and at the same start the longer one.
 */
import { MAX_PHRASE_WORDS, PHRASE_TOO_LONG } from '@verba/contracts';

/** One occurrence: the saved phrase's key and its first and last word (indices into the page's words). */
export interface PhraseMatch {
  key: string;
  first: number;
  last: number;
}

/** White space with at most one line break between two words (or nothing: "l'" + "homme"). */
const JOINS = /^[^\S\n\r]*(?:\r\n|\n|\r)?[^\S\n\r]*$/u;

/** Whether the text between two words lets a phrase run on across it. */
export const joinsPhrase = (gap: string): boolean => JOINS.test(gap);

/**
 * The occurrences of `phrases` (dictionary keys: words' keys joined by one space) among `words` (the page's
 * word keys in reading order), where `gaps[i]` is the text between word i and word i + 1. In reading order,
 * never overlapping.
 */
export function matchPhrases(words: readonly string[], gaps: readonly string[], phrases: Iterable<string>): PhraseMatch[] {
  // Saved phrases by their first word, longest first (the longer wins at the same start).
  const byFirst = new Map<string, string[][]>();
  for (const key of phrases) {
    const parts = key.split(' ');
    if (parts.length < 2 || parts.length > MAX_PHRASE_WORDS) continue;
    const list = byFirst.get(parts[0] as string) ?? [];
    list.push(parts);
    byFirst.set(parts[0] as string, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);

  const found: PhraseMatch[] = [];
  for (let i = 0; i < words.length; i++) {
    const candidates = byFirst.get(words[i] as string);
    if (!candidates) continue;
    const parts = candidates.find((p) => p.every((part, k) => words[i + k] === part && (k === 0 || joinsPhrase(gaps[i + k - 1] ?? ''))));
    if (!parts) continue;
    found.push({ key: parts.join(' '), first: i, last: i + parts.length - 1 });
    i += parts.length - 1;
  }
  return found;
}

/** Why words first..last cannot be saved as one phrase, or null when they can (two to eight words, only white space between). */
export function phraseRefusal(count: number, gaps: readonly string[]): string | null {
  if (count > MAX_PHRASE_WORDS) return PHRASE_TOO_LONG;
  if (!gaps.every(joinsPhrase)) return 'Words with punctuation or a paragraph between them cannot be saved as one phrase.';
  return null;
}
