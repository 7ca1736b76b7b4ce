import { highlightSentence, normalizeAnswer } from '@verba/contracts';

/** How a card is reviewed: flip and rate yourself, or answer (graded into a rating by the answer rule). */
export type ReviewFormat = 'flip' | 'cloze' | 'typed' | 'listening';
/** How cloze and listening are answered: typed, or picked among four of the learner's words. */
export type AnswerMode = 'type' | 'pick';

export const FORMATS: ReadonlyArray<{ format: ReviewFormat; label: string; description: string }> = [
  { format: 'flip', label: 'Flip', description: 'See the word, recall its meaning, rate yourself' },
  { format: 'cloze', label: 'Cloze', description: 'Fill the word into the sentence you met it in' },
  { format: 'typed', label: 'Typed', description: 'See the meaning, type the word' },
  { format: 'listening', label: 'Listening', description: 'Hear the word, type or pick what was said' },
];

export const formatLabel = (format: ReviewFormat): string => FORMATS.find((f) => f.format === format)?.label ?? format;

export interface ReviewMix {
  formats: ReviewFormat[];
  answerMode: AnswerMode;
}

export const DEFAULT_MIX: ReviewMix = { formats: ['flip'], answerMode: 'type' };
const MIX_KEY = 'verba.practice.review-mix';

/** The mix the learner last chose (this browser), or flip only; anything unreadable is the default. */
export function loadMix(): ReviewMix {
  try {
    const raw = JSON.parse(localStorage.getItem(MIX_KEY) ?? 'null') as Partial<ReviewMix> | null;
    const formats = FORMATS.map((f) => f.format).filter((f) => raw?.formats?.includes(f));
    return { formats: formats.length > 0 ? formats : DEFAULT_MIX.formats, answerMode: raw?.answerMode === 'pick' ? 'pick' : 'type' };
  } catch {
    return DEFAULT_MIX;
  }
}

/** The mix with its formats in the picker's order, whatever order they were ticked in. */
export const orderedMix = (mix: ReviewMix): ReviewMix => ({
  ...mix,
  formats: FORMATS.map((f) => f.format).filter((f) => mix.formats.includes(f)),
});

export function saveMix(mix: ReviewMix): void {
  try {
    localStorage.setItem(MIX_KEY, JSON.stringify(mix));
  } catch {
    // Storage full or denied: the mix is only not remembered.
  }
}

/** A sentence with the card's word blanked: the pieces around the gaps, and the word as the sentence writes it. */
export interface Cloze {
  pieces: ReadonlyArray<{ text: string; gap: boolean }>;
  answer: string;
}

/**
 * The card's sentence with its word (or the form of it the sentence uses, as highlighted elsewhere) blanked;
 * every place it stands is a gap, so the sentence never gives it away. Null when the word is not found.
 */
export function clozeOf(sentence: string | undefined, word: string): Cloze | null {
  if (!sentence) return null;
  const parts = highlightSentence(sentence, word);
  const pieces: Array<{ text: string; gap: boolean }> = [];
  parts.forEach((part, i) => {
    const last = pieces.at(-1);
    // A phrase's words and the spaces between them make one gap.
    const inside = !part.mark && /^\s+$/u.test(part.text) && last?.gap === true && parts[i + 1]?.mark === true;
    if ((part.mark || inside) && last?.gap) last.text += part.text;
    else pieces.push({ text: part.text, gap: part.mark });
  });
  const answer = pieces.find((p) => p.gap)?.text;
  return answer ? { pieces, answer } : null;
}

/**
 * Formats for the session's cards, in turn from the mix (round-robin); cloze only goes to a card whose
 * sentence holds its word (the next format of the mix is taken instead), and a card no format of the mix
 * fits (cloze alone, no sentence) is typed.
 */
export function assignFormats(
  cards: ReadonlyArray<{ sourceValue: string; sentence?: string }>,
  mix: readonly ReviewFormat[],
): ReviewFormat[] {
  const formats = mix.length > 0 ? mix : DEFAULT_MIX.formats;
  let turn = 0;
  return cards.map((card) => {
    for (let k = 0; k < formats.length; k++) {
      const at = (turn + k) % formats.length;
      const format = formats[at]!;
      if (format !== 'cloze' || clozeOf(card.sentence, card.sourceValue)) {
        turn = at + 1;
        return format;
      }
    }
    turn += 1;
    return 'typed';
  });
}

/**
 * Four words to pick from: the card's word and three other words of the learner's in the language (fewer when
 * they have fewer), in a random order. `random` is injectable for tests.
 */
export function pickOptions(word: string, pool: readonly string[], random: () => number = Math.random): string[] {
  const key = normalizeAnswer(word);
  const others = [...new Map(pool.filter((w) => normalizeAnswer(w) !== key).map((w) => [normalizeAnswer(w), w])).values()];
  const chosen = shuffle(others, random).slice(0, 3);
  return shuffle([word, ...chosen], random);
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
