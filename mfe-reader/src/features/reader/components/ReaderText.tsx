import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { tokenize } from '@verba/contracts';
import { WordIndex } from '../word-index';
import type { WordStatus } from '../api/reader-api';

export interface SelectedWord {
  index: number;
  key: string;
  text: string;
}

interface Props {
  content: string;
  statuses: ReadonlyMap<string, WordStatus>;
  /** Receives the index once the text is in the DOM; the page uses it to mark words. */
  onReady: (index: WordIndex) => void;
  onSelect: (word: SelectedWord | null) => void;
  onMark: (key: string, status: WordStatus) => void;
}

/** Keyboard shortcuts on a focused word (documented in ShortcutHelp). */
export const SHORTCUTS: Record<string, WordStatus> = { '1': 'new', n: 'new', '2': 'uncertain', u: 'uncertain', '3': 'known', k: 'known' };

/** Renders the text once per article; React never re-renders the words themselves. */
export function ReaderText({ content, statuses, onReady, onSelect, onMark }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const indexRef = useRef<WordIndex | null>(null);
  const focused = useRef(0);

  useLayoutEffect(() => {
    const index = new WordIndex(ref.current as HTMLDivElement, tokenize(content), statuses);
    indexRef.current = index;
    focused.current = 0;
    onReady(index);
    // Statuses that arrive later are applied through index.setAll, not by re-rendering.
  }, [content]);

  useEffect(() => {
    indexRef.current?.setAll(statuses);
  }, [statuses]);

  const select = (i: number) => {
    const index = indexRef.current;
    const element = index?.words[i];
    if (!index || !element) return;
    index.focusWord(i, focused.current);
    focused.current = i;
    onSelect({ index: i, key: index.keyAt(i) as string, text: element.textContent ?? '' });
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const i = indexRef.current?.indexOf(event.target as Element) ?? -1;
    if (i >= 0) select(i);
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
    const status = SHORTCUTS[event.key.toLowerCase()];
    if (move[event.key]) select(move[event.key]!());
    else if (event.key === 'Enter' || event.key === ' ') select(i);
    else if (event.key === 'Escape') onSelect(null);
    else if (status) {
      select(i);
      onMark(index.keyAt(i) as string, status);
    } else return;
    event.preventDefault();
  };

  return (
    <div
      ref={ref}
      className="rd-text"
      role="group"
      aria-label="Article text. Arrow keys move between words; 1, 2, 3 mark a word New, Uncertain or Known."
      onClick={onClick}
      onKeyDown={onKeyDown}
    />
  );
}
