/**
 * Sentences with where they are: the same split as contracts' splitSentences (the audio manager's timings
 * and the player count sentences by it), as [start, end) offsets in the text, so a sentence can be found
 * among the page's words and lit there.
 */
export interface SentenceRange {
  start: number;
  end: number;
}

const PIECE = /[^.!?…]+(?:[.!?…]+["'»«“”„)\]]*|$)|[.!?…]+/g;

export function sentenceRanges(text: string): SentenceRange[] {
  const ranges: SentenceRange[] = [];
  const lines = /[^\n]+/g;
  for (const line of text.matchAll(lines)) {
    for (const piece of line[0].matchAll(PIECE)) {
      const raw = piece[0];
      const lead = raw.length - raw.trimStart().length;
      const start = line.index + piece.index + lead;
      const end = line.index + piece.index + raw.trimEnd().length;
      if (start >= end) continue;
      // Marks alone ("…") join the sentence before them, as splitSentences joins them.
      if (/[\p{L}\p{N}]/u.test(raw)) ranges.push({ start, end });
      else if (ranges.length) ranges[ranges.length - 1]!.end = end;
    }
  }
  return ranges;
}

/** A sentence of the page: its text (what is spoken) and its first and last word on the page. */
export interface PageSentence extends SentenceRange {
  text: string;
  first: number;
  last: number;
}

/** The page's sentences that hold at least one word, with their words (`within` is WordIndex.within). */
export function pageSentences(text: string, within: (from: number, to: number) => [number, number] | null): PageSentence[] {
  return sentenceRanges(text).flatMap((range) => {
    const words = within(range.start, range.end);
    return words ? [{ ...range, text: text.slice(range.start, range.end), first: words[0], last: words[1] }] : [];
  });
}

/** The sentence that holds word i (the first one when no sentence does). */
export function sentenceOf(sentences: readonly PageSentence[], i: number): number {
  const k = sentences.findIndex((s) => s.first <= i && i <= s.last);
  return k < 0 ? 0 : k;
}
