import type { LearningLanguage } from '@verba/contracts';
import { GLOSSARIES } from './glossaries/index';

/** Longest phrase looked up as one entry ("guten morgen", "il y a"). */
export const MAX_PHRASE_WORDS = 4;

interface Token {
  text: string;
  word: boolean;
}

const WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;

/** Words and what lies between them, in order, so a translation keeps the text's punctuation and spacing. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    if (m.index > last) tokens.push({ text: text.slice(last, m.index), word: false });
    tokens.push({ text: m[0], word: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) tokens.push({ text: text.slice(last), word: false });
  return tokens;
}

/** How a word or phrase is looked up: lower case, one kind of apostrophe, single spaces. */
export const lookupKey = (text: string) => text.toLowerCase().replace(/’/g, "'").replace(/\s+/g, ' ').trim();

/** Every phrase of up to MAX_PHRASE_WORDS words that word-by-word translation may look up. */
export function phraseKeys(text: string): string[] {
  const words = tokenize(text)
    .filter((t) => t.word)
    .map((t) => lookupKey(t.text));
  const keys = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) keys.add(words.slice(i, i + n).join(' '));
  }
  return [...keys];
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Only a sentence's first word takes a capital (German capitalises every noun; English does not). */
const atSentenceStart = (before: string) => /(^|[.!?…:])[\s"'“”„«»¿¡(—–-]*$/u.test(before);

/**
 * Word-by-word translation with phrases first (longest match): words nobody knows stay as they are.
 * Returns how many words were translated, so a caller can tell "nothing known" from a translation.
 */
export function translateByLookup(
  text: string,
  lookup: (key: string, written: string) => string | undefined,
): { translation: string; known: number } {
  const tokens = tokenize(text);
  // A lone word or phrase is a dictionary lookup and keeps the glossary's case; a sentence starts with a capital.
  const sentence = tokens.filter((t) => t.word).length > 1;
  let out = '';
  let known = 0;
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i]!;
    if (!token.word) {
      out += token.text;
      i++;
      continue;
    }
    let matched = false;
    // A phrase spans words separated by spaces only (never across punctuation).
    for (let n = MAX_PHRASE_WORDS; n >= 1 && !matched; n--) {
      const span = tokens.slice(i, i + 2 * n - 1);
      if (span.length < 2 * n - 1 || span.some((t, k) => (k % 2 === 0 ? !t.word : t.text.trim() !== ''))) continue;
      const written = span.map((t) => t.text).join(' ');
      const found = lookup(lookupKey(written), written);
      if (found === undefined) continue;
      const capital = sentence && token.text.charAt(0) !== token.text.charAt(0).toLowerCase() && atSentenceStart(out);
      out += capital ? capitalize(found) : found;
      known += n;
      i += 2 * n - 1;
      matched = true;
    }
    if (!matched) {
      out += token.text;
      i++;
    }
  }
  return { translation: out, known };
}

/** Guesses the language of a text: Cyrillic is Russian; otherwise the glossary that knows most of its words. */
export function detectLanguage(text: string): LearningLanguage | undefined {
  if (/\p{Script=Cyrillic}/u.test(text)) return 'ru';
  const words = tokenize(text)
    .filter((t) => t.word)
    .map((t) => lookupKey(t.text));
  const scores = (['de', 'fr', 'es'] as const).map((lang) => ({
    lang,
    hits: words.filter((w) => GLOSSARIES[lang][w] !== undefined).length,
  }));
  scores.sort((a, b) => b.hits - a.hits);
  const [best, second] = scores;
  return best && best.hits > 0 && best.hits > (second?.hits ?? 0) ? best.lang : undefined;
}
