/**
 * The reader's text as plain DOM, outside React: a 5,000-word article is one innerHTML write
 * (a few ms) instead of 5,000 components, and a status change touches only the spans of that word
 * through a word -> elements index, so every occurrence repaints at once. The statuses are the query
 * cache's (the learner's dictionary); the spans only show them, so a word's status here is its paint.
 * A word is its dictionary form (the tokenizer's `key`: lower-cased, trimmed of punctuation); its
 * `data-key` attribute is the one name the DOM keeps, shared with the learn fragment's text and the journeys.
 */
import { useSyncExternalStore } from 'react';
import { isPhraseKey, type Token } from '@verba/contracts';
import type { WordStatus } from './api/reader-api';
import { matchPhrases, phraseRefusal, type PhraseMatch } from './phrase-match';
import { matchSeparable, separableLookups, splitSeparable } from './separable';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

export const wordClass = (status: WordStatus) => `w w--${status}`;
const STATUSES: readonly string[] = ['new', 'known', 'uncertain', 'ignored'] satisfies WordStatus[];

/** A saved phrase's occurrence on the page as one unit: `ph ph--<status>`, around its words and the space between. */
export const phraseClass = (status: WordStatus) => `ph ph--${status}`;

/** Words first..last as a phrase the learner can save (its dictionary key), or why they cannot be one. */
export type PhraseChoice = { key: string; refused?: undefined } | { key?: undefined; refused: string };

/** How a word of the page counts (the page's counts, "mark the rest"): Ignored words are in none of these. */
export type CountedStatus = Exclude<WordStatus, 'ignored'>;

export class WordIndex {
  /** Word spans in reading order (index = data-i). */
  readonly words: HTMLElement[];
  private readonly wordList: string[] = [];
  /** Where each word starts and ends in the page text. */
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** The text between word i and word i + 1: white space lets a phrase run on, punctuation breaks it. */
  private readonly gaps: string[] = [];
  /** The learner's saved phrases (keys of several words) and separable verbs ("aufstehen"), with their statuses. */
  private readonly phrases = new Map<string, WordStatus>();
  /** The page's words' base words from the analyser (German): what finds a separable verb split in a sentence. */
  private readonly bases = new Map<string, string>();
  /**
   * The saved phrases found on this page, each painted as one element around its words, and the separable
   * verbs split in a sentence, each of their two words painted as the entry (`parts`: the verb and the particle).
   */
  private found: Array<PhraseMatch & { parts?: [number, number]; elements: HTMLElement[] }> = [];
  private readonly byWord = new Map<string, HTMLElement[]>();
  private readonly listeners = new Set<() => void>();
  /** Counts repaints: the snapshot components subscribe to (usePainted). */
  private paints = 0;

  constructor(container: HTMLElement, tokens: readonly Token[], statuses: ReadonlyMap<string, WordStatus>) {
    const html: string[] = [];
    let offset = 0;
    let gap = '';
    for (const token of tokens) {
      offset += token.text.length;
      if (token.kind !== 'word') {
        html.push(escape(token.text));
        gap += token.text;
        continue;
      }
      const i = this.wordList.length;
      if (i > 0) this.gaps.push(gap);
      gap = '';
      this.wordList.push(token.key);
      this.starts.push(offset - token.text.length);
      this.ends.push(offset);
      html.push(
        `<span class="${wordClass(statuses.get(token.key) ?? 'new')}" data-i="${i}" data-key="${escape(token.key)}" ` +
          `role="button" tabindex="${i === 0 ? 0 : -1}">${escape(token.text)}</span>`,
      );
    }
    container.innerHTML = html.join('');
    this.words = Array.from(container.querySelectorAll<HTMLElement>('span[data-i]'));
    this.words.forEach((element, i) => {
      const word = this.wordList[i] as string;
      const list = this.byWord.get(word);
      if (list) list.push(element);
      else this.byWord.set(word, [element]);
    });
    this.paintPhrases(statuses);
  }

  wordAt(i: number): string | undefined {
    return this.wordList[i];
  }

  indexOf(element: Element | null): number {
    const i = Number((element as HTMLElement | null)?.dataset?.i);
    return Number.isInteger(i) && this.words[i] === element ? i : -1;
  }

  /** [start, end) of words i..j in the page text. */
  span(i: number, j = i): [number, number] {
    return [this.starts[Math.min(i, j)] ?? 0, this.ends[Math.max(i, j)] ?? 0];
  }

  /** The first and last word inside [from, to) of the page text (a sentence's words, say); null if none is. */
  within(from: number, to: number): [number, number] | null {
    let first = -1;
    let last = -1;
    this.starts.forEach((start, i) => {
      if (start < from || (this.ends[i] as number) > to) return;
      if (first < 0) first = i;
      last = i;
    });
    return first < 0 ? null : [first, last];
  }

  /** Top and bottom on screen of words i..j (their lines, from the first one's top to the last one's bottom). */
  box(i: number, j = i): { top: number; bottom: number } {
    const rects = this.words.slice(Math.min(i, j), Math.max(i, j) + 1).map((element) => element.getBoundingClientRect());
    return { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)) };
  }

  /**
   * The distinct words of the page that count: every one but the Ignored (names, numbers, foreign words),
   * which are in no count of the page and no bulk mark ("mark the rest of this page as known").
   */
  *distinctWords(): IterableIterator<string> {
    for (const word of this.byWord.keys()) if (this.markOf(word) !== 'ignored') yield word;
  }

  /** Marks (data-card) the words that already have a flashcard. */
  setCards(cardKeys: ReadonlySet<string>): void {
    for (const [word, elements] of this.byWord) {
      for (const element of elements) element.toggleAttribute('data-card', cardKeys.has(word));
    }
  }

  /** Highlights the words at `indices` (data-sel) as the current selection: a separable verb's two words. */
  highlightWords(indices: readonly number[]): void {
    this.words.forEach((element, k) => element.toggleAttribute('data-sel', indices.includes(k)));
  }

  /** Highlights words i..j (data-sel) as the current selection; no argument clears it. */
  highlight(i?: number, j = i): void {
    this.words.forEach((element, k) => {
      const inside = i !== undefined && j !== undefined && k >= Math.min(i, j) && k <= Math.max(i, j);
      element.toggleAttribute('data-sel', inside);
    });
  }

  /** The status the word is painted with, Ignored included ("new" for a word not on the page); a phrase's saved status. */
  markOf(word: string): WordStatus {
    if (isPhraseKey(word) || (!this.byWord.has(word) && this.phrases.has(word))) return this.phrases.get(word) ?? 'new';
    const painted = this.byWord.get(word)?.[0]?.className.match(/w--(\w+)/)?.[1];
    return painted !== undefined && STATUSES.includes(painted) ? (painted as WordStatus) : 'new';
  }

  /**
   * How a word of distinctWords counts: New, Uncertain or Known. An Ignored word is not among them; asked
   * about one, this says Known, the status that no count of words to learn and no bulk mark takes up.
   */
  statusOf(word: string): CountedStatus {
    const status = this.markOf(word);
    return status === 'ignored' ? 'known' : status;
  }

  occurrences(word: string): number {
    const split = this.found.filter((match) => match.key === word).length;
    return isPhraseKey(word) ? split : (this.byWord.get(word)?.length ?? 0) + split;
  }

  /**
   * The saved phrase painted over word i, if any (a click on it opens the phrase); a separable verb split in a
   * sentence has `parts`, its verb's and its particle's word.
   */
  phraseAt(i: number): (PhraseMatch & { parts?: [number, number] }) | undefined {
    const match = this.found.find((m) => (m.parts ? m.parts.includes(i) : m.first <= i && i <= m.last));
    return match && { key: match.key, first: match.first, last: match.last, ...(match.parts ? { parts: match.parts } : {}) };
  }

  /** Words whose base word would find a saved separable verb on this page (the reader asks the analyser for them). */
  separableLookups(): string[] {
    return separableLookups(this.wordList, this.gaps, this.phrases.keys()).filter((word) => !this.bases.has(word));
  }

  /** Takes the analyser's base words of the page's words and paints the separable verbs they find. */
  setBases(bases: ReadonlyMap<string, string>): void {
    for (const [word, base] of bases) this.bases.set(word, base);
    this.paintPhrases(this.phrases, true);
    this.paints++;
    for (const listener of this.listeners) listener();
  }

  /** Words first..last as a phrase: its key (the words' keys joined by one space), or why it cannot be saved. */
  phraseOf(first: number, last: number): PhraseChoice {
    const refused = phraseRefusal(last - first + 1, this.gaps.slice(first, last));
    return refused ? { refused } : { key: this.wordList.slice(first, last + 1).join(' ') };
  }

  /**
   * Repaints every occurrence of `word` (a mark shows at once; the cache follows) and tells the subscribers.
   * A phrase's key (several words) repaints where the page holds it; New takes it off.
   */
  setStatus(word: string, status: WordStatus): void {
    if (isPhraseKey(word) || splitSeparable(word)) {
      const next = new Map(this.phrases);
      if (status === 'new') next.delete(word);
      else next.set(word, status);
      this.paintPhrases(next);
    }
    if (!isPhraseKey(word)) {
      const className = wordClass(status);
      for (const element of this.byWord.get(word) ?? []) element.className = className;
    }
    this.paints++;
    for (const listener of this.listeners) listener();
  }

  /** For useSyncExternalStore: what shows a painted status (the counts, the panel) re-renders with each repaint. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  paintCount = (): number => this.paints;

  /** Paints the dictionary as the cache has it now (it arrived after the text, or a mark was refused). */
  paint(statuses: ReadonlyMap<string, WordStatus>): void {
    for (const word of this.byWord.keys()) {
      const next = statuses.get(word) ?? 'new';
      if (next !== this.markOf(word)) this.setStatus(word, next);
    }
    if (this.paintPhrases(statuses)) {
      this.paints++;
      for (const listener of this.listeners) listener();
    }
  }

  /**
   * Takes the saved phrases and separable verbs from `statuses` (its keys of several words, and its words that
   * are a particle and a verb) and, when they changed (or `always`), paints each occurrence on the page: a
   * phrase as one element around its words (the space between them included, so its underline runs on;
   * one element a line where a line break splits it), a separable verb split in a sentence as one element around each of its two words.
   * Whether anything changed.
   */
  private paintPhrases(statuses: ReadonlyMap<string, WordStatus>, always = false): boolean {
    const saved = new Map<string, WordStatus>();
    for (const [key, status] of statuses) if (status !== 'new' && (isPhraseKey(key) || splitSeparable(key))) saved.set(key, status);
    const same = saved.size === this.phrases.size && [...saved].every(([key, status]) => this.phrases.get(key) === status);
    if (same && !always) return false;
    if (!same) {
      this.phrases.clear();
      for (const [key, status] of saved) this.phrases.set(key, status);
    }
    // Moving the words into (or out of) a phrase's element takes the focus off them: it is given back.
    const focused = document.activeElement;
    for (const { elements } of this.found) for (const element of elements) element.replaceWith(...Array.from(element.childNodes));
    const keys = [...this.phrases.keys()];
    const phrases = matchPhrases(this.wordList, this.gaps, keys.filter(isPhraseKey)).map((match) => ({
      ...match,
      elements: this.lines(match.first, match.last).flatMap(([first, last]) => this.wrap(match.key, first, last)),
    }));
    const separable = matchSeparable(this.wordList, this.gaps, this.bases, keys).map(({ key, verb, particle }) => ({
      key,
      first: verb,
      last: particle,
      parts: [verb, particle] as [number, number],
      elements: [...this.wrap(key, verb, verb), ...this.wrap(key, particle, particle)],
    }));
    this.found = [...phrases, ...separable];
    if (focused instanceof HTMLElement && focused !== document.activeElement && focused.isConnected) focused.focus({ preventScroll: true });
    return true;
  }

  /**
   * Words first..last in runs that no line break splits: a phrase across a line break is one element a line,
   * so no element holds a line break, where the side-by-side translation may start a new row.
   */
  private lines(first: number, last: number): Array<[number, number]> {
    const runs: Array<[number, number]> = [];
    let start = first;
    for (let k = first; k < last; k++) {
      if (!/[\n\r]/.test(this.gaps[k] ?? '')) continue;
      runs.push([start, k]);
      start = k + 1;
    }
    runs.push([start, last]);
    return runs;
  }

  /** One element around words first..last; none when they are not side by side (split over two parallel rows). */
  private wrap(key: string, first: number, last: number): HTMLElement[] {
    const start = this.words[first];
    const end = this.words[last];
    if (!start || !end || start.parentNode !== end.parentNode) return [];
    const element = document.createElement('span');
    element.className = phraseClass(this.phrases.get(key) ?? 'new');
    element.dataset.phrase = key;
    const range = document.createRange();
    range.setStartBefore(start);
    range.setEndAfter(end);
    range.surroundContents(element);
    return [element];
  }

  /** Roving tabindex: exactly one word is in the tab order. */
  focusWord(i: number, previous: number): void {
    const target = this.words[i];
    if (!target) return;
    const old = this.words[previous];
    if (old && old !== target) old.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  }

  /** The nearest word on the next (dir 1) or previous (dir -1) visual line, by horizontal position. */
  verticalNeighbour(i: number, dir: 1 | -1): number {
    const from = this.words[i]?.getBoundingClientRect();
    if (!from) return i;
    const x = from.left + from.width / 2;
    let lineTop: number | null = null;
    let best = i;
    let bestDistance = Infinity;
    for (let j = i + dir; j >= 0 && j < this.words.length; j += dir) {
      const rect = (this.words[j] as HTMLElement).getBoundingClientRect();
      const onOtherLine = dir === 1 ? rect.top > from.top + from.height / 2 : rect.bottom < from.bottom - from.height / 2;
      if (!onOtherLine) continue;
      if (lineTop === null) lineTop = rect.top;
      else if (Math.abs(rect.top - lineTop) > rect.height / 2) break; // passed that line
      const distance = Math.abs(rect.left + rect.width / 2 - x);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = j;
      }
    }
    // No layout (e.g. jsdom): fall back to the next/previous word.
    return best === i && lineTop === null ? Math.min(Math.max(i + dir, 0), this.words.length - 1) : best;
  }
}

const NOTHING = () => () => undefined;
const NEVER = () => 0;

/** Re-renders the caller whenever a word of the page is repainted (a mark, a refused one going back). */
export function usePainted(words: WordIndex | null): void {
  useSyncExternalStore(words?.subscribe ?? NOTHING, words?.paintCount ?? NEVER);
}
