import { sentenceRanges, type SentenceRange } from '@verba/contracts';

// Sentences with where they are: contracts' split (the audio manager's timings and the player count
// sentences by it), as offsets in the page's text, so a sentence is found among the page's words.
export { sentenceRanges, type SentenceRange };

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
