/**
 * Lights the spoken sentence and word in the markable text itself: attributes on the word spans the
 * reader built (WordIndex.words), not classes, because a mark repaints a word by replacing its class
 * (WordIndex.setStatus) and would put out a class set here. readaloud.css draws them.
 */
export const SENTENCE_ATTR = 'data-spoken';
export const WORD_ATTR = 'data-speaking';

export class SpokenHighlight {
  private sentence: HTMLElement[] = [];
  private word: HTMLElement | null = null;

  constructor(private readonly words: readonly HTMLElement[]) {}

  /** Lights words first..last as the sentence being spoken (and puts out the word); no argument puts it out. */
  showSentence(first?: number, last = first): void {
    for (const element of this.sentence) element.removeAttribute(SENTENCE_ATTR);
    this.sentence = first === undefined || last === undefined ? [] : this.words.slice(first, last + 1);
    for (const element of this.sentence) element.setAttribute(SENTENCE_ATTR, '');
    this.showWord();
  }

  /** Lights word i as the one being spoken; no argument (or -1) puts it out. */
  showWord(i?: number): void {
    this.word?.removeAttribute(WORD_ATTR);
    this.word = i === undefined || i < 0 ? null : (this.words[i] ?? null);
    this.word?.setAttribute(WORD_ATTR, '');
  }

  clear(): void {
    this.showSentence();
  }
}
