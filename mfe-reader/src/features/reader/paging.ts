import { visitSegments } from '@verba/contracts';

export const WORDS_PER_PAGE = 250;
/** A page may run this many words past the target to end at a sentence. */
const SENTENCE_SLACK = 60;
const SENTENCE_END = /[.!?…]|\n/;
/** A sentence end with its closing quotes or brackets and the space after it: a page ends there. */
const PAGE_BREAK = /(?:[.!?…]+["'»«“”‘’)\]]*|\n)\s*/;

/**
 * Splits a text into pages of about WORDS_PER_PAGE words, cut after a sentence end (or, failing that,
 * between two words) so no word or token is ever split. Joining the pages gives the text back exactly.
 */
export function paginate(text: string, wordsPerPage = WORDS_PER_PAGE): string[] {
  const pages: string[] = [];
  let start = 0;
  let words = 0;
  // The text between two words, as one stretch (visitSegments may give it in pieces).
  let from = -1;
  let to = -1;
  const between = () => {
    if (from < 0) return;
    const gap = [from, to] as const;
    from = -1;
    if (words < wordsPerPage) return;
    const sentenceEnd = PAGE_BREAK.exec(text.slice(gap[0], gap[1]));
    // The next sentence's opening quote or dash stays with it.
    const cut = sentenceEnd ? gap[0] + sentenceEnd.index + sentenceEnd[0].length : words >= wordsPerPage + SENTENCE_SLACK ? gap[1] : -1;
    if (cut >= 0) {
      pages.push(text.slice(start, cut));
      start = cut;
      words = 0;
    }
  };
  visitSegments(
    text,
    () => {
      between();
      words++;
    },
    (a, b) => {
      if (from < 0) from = a;
      to = b;
    },
  );
  between();
  // A short tail joins the page before it rather than making a near-empty page.
  if (start < text.length) {
    const tail = text.slice(start);
    if (pages.length > 0 && words < wordsPerPage / 5) pages[pages.length - 1] += tail;
    else pages.push(tail);
  }
  return pages.length > 0 ? pages : [''];
}

/** [start, end) of the sentence around [from, to) of a text, its end mark included. */
export function sentenceBounds(text: string, from: number, to: number): [number, number] {
  let start = from;
  while (start > 0 && !SENTENCE_END.test(text.charAt(start - 1))) start--;
  let end = to;
  while (end < text.length && !SENTENCE_END.test(text.charAt(end))) end++;
  if (end < text.length && text.charAt(end) !== '\n') end++;
  return [start, end];
}

/** The sentence around [from, to) of a text (for translating a word in context). */
export function sentenceAround(text: string, from: number, to: number): string {
  return text.slice(...sentenceBounds(text, from, to)).trim();
}

// The reader's plain text of rich HTML is the kit's, shared with the audio manager.
export { htmlToText } from '@verba/kit';
