import { splitSentences } from './sentences';
import { splitWords, tokenize, wordKey, type Token } from './words';

/** A piece of a card's sentence: `mark` when it is the card's word (or a form of it) the UI highlights. */
export interface SentencePart {
  text: string;
  mark: boolean;
}

/** The shortest shared start two forms need to count as one word when the exact word is absent. */
const MIN_STEM = 3;
/** ...and how much of the shorter form it must cover ("Haus" in "Hauses", "geht" for "gehen", not "ging"). */
const STEM_SHARE = 0.75;

function sharedStart(a: string, b: string): number {
  const chars = [...a];
  const other = [...b];
  let n = 0;
  while (n < chars.length && n < other.length && chars[n] === other[n]) n += 1;
  return n;
}

/** How strongly a sentence's word is a form of one of the card's words: its shared start, or 0 below the bar. */
function stemScore(tokenKey: string, cardKeys: readonly string[]): number {
  let best = 0;
  for (const key of cardKeys) {
    const shared = sharedStart(tokenKey, key);
    const shorter = Math.min([...tokenKey].length, [...key].length);
    if (shared >= MIN_STEM && shared >= Math.ceil(shorter * STEM_SHARE)) best = Math.max(best, shared);
  }
  return best;
}

/** Where the card's words stand one after another in the sentence (a phrase card: "zum Beispiel"), or []. */
function phraseAt(tokens: readonly Token[], cardKeys: readonly string[]): number[] {
  const words = tokens.flatMap((t, i) => (t.kind === 'word' ? [i] : []));
  const found: number[] = [];
  for (let w = 0; w + cardKeys.length <= words.length; w += 1) {
    const run = words.slice(w, w + cardKeys.length);
    if (run.every((at, k) => tokens[at]!.key === cardKeys[k])) found.push(...run);
  }
  return found;
}

/**
 * Which tokens are the card's word, and how surely: 2 the card's whole text (a word, or a phrase where it stands
 * whole), 1 a phrase's longest word alone, 0 the form sharing the longest start with it (or nothing marked).
 */
function marksOf(tokens: readonly Token[], word: string): { marked: boolean[]; strength: number } {
  const cardKeys = splitWords(word).map(wordKey).filter(Boolean);
  const longest = cardKeys.reduce((a, b) => ([...b].length > [...a].length ? b : a), '');
  const phrase = new Set(cardKeys.length > 1 ? phraseAt(tokens, cardKeys) : []);
  const marked = tokens.map((t, i) => phrase.has(i) || (t.kind === 'word' && t.key === longest && longest !== ''));
  if (marked.some(Boolean)) return { marked, strength: phrase.size || cardKeys.length === 1 ? 2 : 1 };
  const scores = tokens.map((t) => (t.kind === 'word' && longest ? stemScore(t.key, [longest]) : 0));
  const top = Math.max(0, ...scores);
  return { marked: scores.map((score) => top > 0 && score === top), strength: 0 };
}

/**
 * A card's sentence split so the UI can highlight its word: the card's whole text where it stands in the
 * sentence (case-insensitive, whole words, any script: "der Hund" in "Der Hund läuft"); else its longest
 * word ("Hund" in "Ich sehe den Hund"); else the form sharing the longest start with that word ("Hauses"
 * for "Haus"; a different stem like "ging" for "gehe" is not marked). The parts' texts joined are the
 * sentence as written; nothing is marked when no form is found.
 */
export function highlightSentence(sentence: string, word: string): SentencePart[] {
  const tokens = tokenize(sentence);
  const { marked } = marksOf(tokens, word);
  const parts: SentencePart[] = [];
  tokens.forEach((token, i) => {
    const mark = marked[i] ?? false;
    const last = parts.at(-1);
    if (last && last.mark === mark && !mark) last.text += token.text;
    else parts.push({ text: token.text, mark });
  });
  return parts;
}

/**
 * The sentence of a text (split as the reader and the audio split it) a card of `word` keeps: the first with
 * the card's whole text, else the first with its longest word, else with a form of it (highlightSentence's
 * order); undefined when none has it. For cards made from a whole text at once (a chapter's vocabulary
 * list), where no click names the sentence.
 */
export function sentenceWith(text: string, word: string): string | undefined {
  const best: (string | undefined)[] = [];
  for (const sentence of splitSentences(text)) {
    const { marked, strength } = marksOf(tokenize(sentence), word);
    if (!marked.some(Boolean)) continue;
    if (strength === 2) return sentence;
    best[strength] ??= sentence;
  }
  return best[1] ?? best[0];
}
