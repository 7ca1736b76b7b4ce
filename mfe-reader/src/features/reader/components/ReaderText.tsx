import { useEffect, useEffectEvent, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { tokenize, type LearningLanguage } from '@verba/contracts';
import { WordIndex, type PhraseChoice } from '../word-index';
import { sentenceAround } from '../paging';
import { usePageSwipe } from '../touch/use-page-swipe';
import { useSeparableVerbs } from '../use-separable';
import { useMarkWord, type WordStatus } from '../api/reader-api';
import '../phrases.css';

/** One word, or several (shift+click, drag, shift+arrows): `first`..`last` in reading order. */
export interface SelectedWord {
  index: number;
  /** The focused word (the one status shortcuts mark), as the dictionary has it. */
  word: string;
  /** The word, or the selected phrase as written. */
  text: string;
  /** The sentence around the selection, for a translation in context. */
  sentence: string;
  first: number;
  last: number;
  /** Several words: the phrase's dictionary key, which marks save, or why they cannot be saved as one. */
  phrase?: PhraseChoice;
  /** A saved separable verb split in its sentence, as written ("steht … auf"); `word` and `text` are the entry ("aufstehen"). */
  separable?: string;
}

export const isPhrase = (word: SelectedWord) => word.first !== word.last;

interface Props {
  content: string;
  statuses: ReadonlyMap<string, WordStatus>;
  /** Words that already have a flashcard (marked on the page). */
  cardKeys: ReadonlySet<string>;
  /** Receives the index once the text is in the DOM; the page uses it to mark words. */
  onReady: (index: WordIndex) => void;
  onSelect: (word: SelectedWord | null) => void;
  /** The article whose words a key press marks (its language, and its name for the flashcard). */
  article: { id: string; name: string; languageCode: LearningLanguage };
  /** An arrow key past the first or last word: the page turns (and focus lands on its next word). */
  onEdge?: (dir: 1 | -1) => void;
  /** Which word takes focus when the text appears (after a page turn by arrow key). */
  initialFocus?: 'first' | 'last' | null;
  /** A finger swiped across the text: 1 for the next page (right to left), -1 for the previous. */
  onSwipe?: (dir: 1 | -1) => void;
}

/** Keyboard shortcuts on a focused word (documented in the word panel's KeyboardHelp); I ignores a name, a number, a foreign word. */
export const SHORTCUTS: Record<string, WordStatus> = {
  '1': 'new',
  n: 'new',
  '2': 'uncertain',
  u: 'uncertain',
  '3': 'known',
  k: 'known',
  i: 'ignored',
};

/** Renders the text once per page; React never re-renders the words themselves. */
export function ReaderText({
  content,
  statuses,
  cardKeys,
  onReady,
  onSelect,
  article,
  onEdge,
  initialFocus = null,
  onSwipe = () => undefined,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const indexRef = useRef<WordIndex | null>(null);
  const focused = useRef(0);
  /** The other end of a multi-word selection (where a shift+click or drag started). */
  const anchor = useRef<number | null>(null);
  const dragStart = useRef<number | null>(null);
  /** The words selected now (a key press marks a selected phrase as a whole). */
  const current = useRef<SelectedWord | null>(null);
  const swipe = usePageSwipe(onSwipe);
  const mark = useMarkWord(article);

  // The words are built once per page (content); the statuses, cards and focus they start with are those
  // of that moment. Statuses that change later are painted through index.paint, not by re-rendering.
  const build = useEffectEvent(() => {
    const index = new WordIndex(ref.current as HTMLDivElement, tokenize(content), statuses);
    index.setCards(cardKeys);
    indexRef.current = index;
    focused.current = 0;
    anchor.current = null;
    current.current = null;
    onReady(index);
    if (initialFocus && index.words.length > 0) {
      const i = initialFocus === 'first' ? 0 : index.words.length - 1;
      index.focusWord(i, 0);
      focused.current = i;
    }
  });
  useLayoutEffect(() => build(), [content]);

  useEffect(() => {
    indexRef.current?.paint(statuses);
  }, [statuses]);

  useEffect(() => {
    indexRef.current?.setCards(cardKeys);
  }, [cardKeys]);

  useSeparableVerbs(indexRef, content, article.languageCode, statuses);

  /**
   * Focuses word i and selects it alone, or from `from` to it, or the words `whole` spans (a saved phrase);
   * the selection, or null when there is no word i.
   */
  const select = (i: number, from: number = i, whole?: { first: number; last: number }): SelectedWord | null => {
    const index = indexRef.current;
    const element = index?.words[i];
    if (!index || !element) return null;
    index.focusWord(i, focused.current);
    focused.current = i;
    anchor.current = whole ? i : from;
    const [first, last] = whole ? [whole.first, whole.last] : [Math.min(from, i), Math.max(from, i)];
    index.highlight(first, last);
    const [start, end] = index.span(first, last);
    const selected: SelectedWord = {
      index: i,
      word: index.wordAt(i) as string,
      text: first === last ? (element.textContent ?? '') : content.slice(start, end),
      sentence: sentenceAround(content, start, end),
      first,
      last,
      ...(first === last ? {} : { phrase: index.phraseOf(first, last) }),
    };
    current.current = selected;
    onSelect(selected);
    return selected;
  };

  /** The selection still shown (the page can close the panel, which takes the highlight off). */
  const shown = (): SelectedWord | null => {
    const now = current.current;
    return now && indexRef.current?.words[now.first]?.hasAttribute('data-sel') ? now : null;
  };

  /**
   * Opens word i: the saved phrase painted over it, unless that phrase is what is open already (a second
   * click or Enter opens the word alone).
   */
  const open = (i: number): SelectedWord | null => {
    const phrase = indexRef.current?.phraseAt(i);
    const now = shown();
    if (phrase?.parts) return now?.separable && now.word === phrase.key ? select(i) : selectSeparable(i, phrase.key, phrase.parts);
    const phraseOpen = phrase && now && now.first === phrase.first && now.last === phrase.last;
    return phrase && !phraseOpen ? select(i, i, phrase) : select(i);
  };

  /** Opens a separable verb split in its sentence from one of its words: the entry, both words highlighted. */
  const selectSeparable = (i: number, key: string, [verb, particle]: [number, number]): SelectedWord | null => {
    const index = indexRef.current;
    if (!index?.words[i]) return null;
    index.focusWord(i, focused.current);
    focused.current = i;
    anchor.current = i;
    index.highlightWords([verb, particle]);
    const [start, end] = index.span(verb, particle);
    const written = (k: number) => index.words[k]?.textContent ?? '';
    const selected: SelectedWord = {
      index: i,
      word: key,
      text: key,
      sentence: sentenceAround(content, start, end),
      first: i,
      last: i,
      separable: `${written(verb)} … ${written(particle)}`,
    };
    current.current = selected;
    onSelect(selected);
    return selected;
  };

  const wordAt = (event: { target: EventTarget }) => indexRef.current?.indexOf(event.target as Element) ?? -1;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    let i = wordAt(event);
    // The space inside a saved phrase opens the phrase (its first word takes the focus).
    const phrase = i < 0 ? (event.target as Element).closest?.('.ph') : null;
    if (phrase) i = indexRef.current?.indexOf(phrase.querySelector('span[data-i]')) ?? -1;
    if (i < 0) return;
    const extend = event.shiftKey && anchor.current !== null;
    if (extend) {
      window.getSelection()?.removeAllRanges(); // the words are highlighted; the browser's selection would hide that
      select(i, anchor.current as number);
    } else open(i);
  };

  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    dragStart.current = event.shiftKey ? null : wordAt(event);
  };

  /** A drag from one word to another selects the words between (the click then lands elsewhere). */
  const onMouseUp = (event: MouseEvent<HTMLDivElement>) => {
    const from = dragStart.current;
    dragStart.current = null;
    const to = wordAt(event);
    if (from === null || from < 0 || to < 0 || to === from) return;
    window.getSelection()?.removeAllRanges();
    select(to, from);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = indexRef.current;
    if (!index || event.altKey || event.ctrlKey || event.metaKey) return;
    const i = index.indexOf(event.target as Element);
    if (i < 0) return;
    const last = index.words.length - 1;
    const move: Record<string, () => number> = {
      ArrowRight: () => Math.min(i + 1, last),
      ArrowLeft: () => Math.max(i - 1, 0),
      ArrowDown: () => index.verticalNeighbour(i, 1),
      ArrowUp: () => index.verticalNeighbour(i, -1),
      Home: () => 0,
      End: () => last,
    };
    const edge = event.key === 'ArrowRight' && i === last ? 1 : event.key === 'ArrowLeft' && i === 0 ? -1 : 0;
    if (edge !== 0 && onEdge && !event.shiftKey) {
      event.preventDefault();
      onEdge(edge);
      return;
    }
    const status = SHORTCUTS[event.key.toLowerCase()];
    const extend = event.shiftKey && anchor.current !== null;
    if (move[event.key]) select(move[event.key]!(), extend ? (anchor.current as number) : undefined);
    else if (event.key === 'Enter' || event.key === ' ') open(i);
    else if (event.key === 'Escape') {
      index.highlight();
      anchor.current = null;
      current.current = null;
      onSelect(null);
    } else if (status) {
      // A selected phrase around the focused word is marked as a whole (a phrase that cannot be saved: nothing).
      const now = shown();
      if (now && now.first !== now.last && now.first <= i && i <= now.last) {
        if (now.phrase?.key) mark(index, { word: now.phrase.key, text: now.text, sentence: now.sentence }, status);
      } else if (now?.separable && index.phraseAt(i)?.key === now.word) {
        // An open separable verb: either of its words marks the entry.
        mark(index, now, status);
      } else {
        // The key press selects the word and marks it in one go.
        const selected = select(i);
        if (selected) mark(index, selected, status);
      }
    } else return;
    event.preventDefault();
  };

  return (
    <div
      ref={ref}
      className="rd-text"
      role="group"
      aria-label="Article text. Arrow keys move between words, Shift with an arrow selects several; 1, 2, 3 mark a word or the selected phrase New, Uncertain or Known, I marks it Ignored, P plays its sentence, G says you knew a word whose flashcard is due today (heavy dotted underline)."
      onClick={onClick}
      onMouseDown={onMouseDown}
      onMouseUp={onMouseUp}
      onKeyDown={onKeyDown}
      {...swipe}
    />
  );
}
