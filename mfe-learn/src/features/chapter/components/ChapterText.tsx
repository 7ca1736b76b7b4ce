import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { sentenceRanges, tokenize, wordKey } from '@verba/contracts';
import type { WordStatus } from '../api/words-api';
import { useSpokenSentence } from './ChapterAudio';
import { WordCard } from './WordCard';
import './chapter-audio.css';

/** Shortcuts on a focused word, as in the reader: 1/N New, 2/U Uncertain, 3/K Known. */
const SHORTCUTS: Record<string, WordStatus> = { '1': 'new', n: 'new', '2': 'uncertain', u: 'uncertain', '3': 'known', k: 'known' };

interface Props {
  text: string;
  statuses: ReadonlyMap<string, WordStatus>;
  /** Chapter vocabulary by word key: shown with the selected word. */
  translations: ReadonlyMap<string, string>;
  onMark: (key: string, status: WordStatus) => void;
}

/**
 * The chapter text with every word a focusable span coloured by its status. Chapters are short
 * (at most 20,000 letters), so React renders the spans; one word is in the tab order (roving tabindex)
 * and the arrow keys move between words.
 */
export function ChapterText({ text, statuses, translations, onMark }: Props) {
  const tokens = useMemo(() => tokenize(text), [text]);
  const words = useMemo(() => tokens.filter((t) => t.kind === 'word'), [tokens]);
  const [focused, setFocused] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useSpokenWords(container, tokens, text);

  const select = (i: number) => {
    setFocused(i);
    setSelected(i);
    container.current?.querySelector<HTMLElement>(`[data-i="${i}"]`)?.focus();
  };
  const wordIndex = (target: EventTarget) => Number((target as HTMLElement).dataset?.i ?? NaN);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const i = wordIndex(event.target);
    if (!Number.isInteger(i) || event.altKey || event.ctrlKey || event.metaKey) return;
    const last = words.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(i + 1, last),
      ArrowDown: Math.min(i + 1, last),
      ArrowLeft: Math.max(i - 1, 0),
      ArrowUp: Math.max(i - 1, 0),
      Home: 0,
      End: last,
    };
    const status = SHORTCUTS[event.key.toLowerCase()];
    if (event.key in moves) select(moves[event.key] as number);
    else if (event.key === 'Enter' || event.key === ' ') select(i);
    else if (event.key === 'Escape') setSelected(null);
    else if (status) {
      select(i);
      onMark(words[i]!.key, status);
    } else return;
    event.preventDefault();
  };

  const word = selected === null ? undefined : words[selected];
  return (
    <div className="ln-reading">
      <div
        ref={container}
        className="ln-text"
        role="group"
        aria-label="Chapter text. Arrow keys move between words; 1, 2, 3 mark a word New, Uncertain or Known."
        onKeyDown={onKeyDown}
        onClick={(event) => {
          const i = wordIndex(event.target);
          if (Number.isInteger(i)) select(i);
        }}
      >
        <Words tokens={tokens} statuses={statuses} focused={focused} />
      </div>
      <WordCard
        word={word}
        status={word ? (statuses.get(word.key) ?? 'new') : 'new'}
        translation={word ? translations.get(word.key) : undefined}
        onMark={onMark}
      />
    </div>
  );
}

/**
 * Lights (data-spoken) the words of the sentence the chapter's audio speaks now, on the spans themselves:
 * set outside React, which never sets that attribute, so a re-render of the words keeps it.
 */
function useSpokenWords(container: RefObject<HTMLDivElement | null>, tokens: ReturnType<typeof tokenize>, text: string) {
  const sentence = useSpokenSentence(text);
  const ranges = useMemo(() => sentenceRanges(text), [text]);
  /** [start, end) of each word in the text. */
  const spans = useMemo(() => {
    const out: [number, number][] = [];
    let at = 0;
    for (const token of tokens) {
      if (token.kind === 'word') out.push([at, at + token.text.length]);
      at += token.text.length;
    }
    return out;
  }, [tokens]);
  useEffect(() => {
    const range = ranges[sentence];
    const words = container.current?.querySelectorAll<HTMLElement>('[data-i]') ?? [];
    words.forEach((element, i) => {
      const [start, end] = spans[i] ?? [0, 0];
      element.toggleAttribute('data-spoken', range !== undefined && start >= range.start && end <= range.end);
    });
  }, [container, sentence, ranges, spans]);
}

/** Re-renders only when statuses or the focused word change, not when the card does. */
const Words = memo(function Words({
  tokens,
  statuses,
  focused,
}: {
  tokens: ReturnType<typeof tokenize>;
  statuses: ReadonlyMap<string, WordStatus>;
  focused: number;
}) {
  let i = -1;
  return tokens.map((token, t) => {
    if (token.kind !== 'word') return token.text;
    i += 1;
    return (
      <span
        key={t}
        className={`ln-w ln-w--${statuses.get(token.key) ?? 'new'}`}
        data-i={i}
        data-key={token.key}
        role="button"
        tabIndex={i === focused ? 0 : -1}
      >
        {token.text}
      </span>
    );
  });
});

/** Vocabulary pairs keyed like the dictionary, so a selected word finds its translation. */
export const translationsOf = (vocabulary: ReadonlyArray<{ word: string; translation: string }>) =>
  new Map(vocabulary.map((p) => [wordKey(p.word), p.translation]));
