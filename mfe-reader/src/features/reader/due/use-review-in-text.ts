import { useCallback, useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
import { ApiError, toast } from '@verba/kit';
import type { DueWord, LearningLanguage } from '@verba/contracts';
import { useDueWords, useKnewIt, type DueCards, type KnewIt } from '../api/due-api';
import type { WordIndex } from '../word-index';
import { isPhrase, type SelectedWord } from '../components/ReaderText';
import { knewItNotice } from './notice';
import { useDueUnderline } from './use-due-underline';
import { usePageFamilies } from '../api/family-api';

/** The key that confirms "I knew it here" on a word of the text (G for Good; not one of the reader's other keys). */
export const KNEW_IT_KEY = 'g';

const NONE: DueCards = new Map();

/** Typing in a field, or a dialog open, keeps its keys. */
const ownsKeys = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]') !== null;

/** The dictionary key of what the panel shows: a selected phrase's, else the word's (a split separable verb's entry). */
export const selectedKey = (selected: SelectedWord | null): string | undefined =>
  selected ? (isPhrase(selected) ? selected.phrase?.key : selected.word) : undefined;

export interface ReviewInText {
  /** The id the underlined words are described by ("card due today"). */
  noteId: string;
  /** Distinct words (or phrases) of the page with a card due today. */
  dueOnPage: number;
  /** The card of a key due today, or confirmed on this visit (a second confirmation is only counted). */
  cardOf(key: string | undefined): DueWord | undefined;
  /** What the last confirmation of a card did on this visit, as its notice said it. */
  resultOf(card: DueWord): string | undefined;
  confirm(card: DueWord): void;
  pending: boolean;
}

/**
 * Review in the text (issue 39.3): words whose card is due today are underlined; the G key on a word, or
 * "I knew it here" in the word panel, is a review rated Good (source 'reader'); a notice says when the card
 * is next due, or that it was already counted today.
 */
export function useReviewInText(
  languageCode: LearningLanguage | undefined,
  openedAt: string | undefined,
  words: WordIndex | null,
  selected: SelectedWord | null,
): ReviewInText {
  const noteId = useId();
  const listed = useDueWords(languageCode, openedAt).data ?? NONE;
  /** Cards reviewed on this visit (with what the notice said), or found gone: no longer underlined. */
  const [results, setResults] = useState<ReadonlyMap<string, { card: DueWord; notice?: string }>>(new Map());
  const due = useMemo(() => (results.size ? new Map([...listed].filter(([key]) => !results.has(key))) : listed), [listed, results]);
  // A card is due where the text writes its word or another form of its family ("fährt" for a card of "fahren"),
  // read from the page's families (the word panel's look-up, asked once).
  const pageWords = useMemo(() => (words ? [...words.distinctWords()] : []), [words]);
  const families = usePageFamilies(languageCode ?? 'de', languageCode ? pageWords : [], 0);
  const dueKey = useCallback(
    (key: string | undefined): string | undefined => {
      if (key === undefined) return undefined;
      if (due.has(key)) return key;
      const base = families.get(key)?.base;
      return base !== undefined && due.has(base) ? base : undefined;
    },
    [due, families],
  );
  const dueOnPage = useDueUnderline(words, dueKey, noteId);
  const knewIt = useKnewIt();
  const [pending, setPending] = useState(false);

  const cardOf = useCallback(
    (key: string | undefined) => {
      if (!key) return undefined;
      const found = dueKey(key);
      if (found) return due.get(found);
      const reviewed = results.get(key) ?? results.get(families.get(key)?.base ?? '');
      return reviewed?.notice ? reviewed.card : undefined;
    },
    [due, dueKey, families, results],
  );
  const resultOf = useCallback((card: DueWord) => results.get(card.key)?.notice, [results]);

  const confirm = useCallback(
    (card: DueWord) => {
      setPending(true);
      knewIt(card)
        .then(
          (result: KnewIt) => {
            const notice = knewItNotice(result, Date.now());
            setResults((now) => new Map(now).set(card.key, { card, notice }));
            toast({ title: notice, description: `“${card.sourceValue}”: ${card.targetValue}` });
          },
          (error: Error) => {
            // Deleted meanwhile (another tab): nothing to review here any more.
            if (error instanceof ApiError && error.status === 404) setResults((now) => new Map(now).set(card.key, { card }));
            toast({ title: 'The review could not be saved.', description: error.message, variant: 'destructive' });
          },
        )
        .finally(() => setPending(false));
    },
    [knewIt],
  );

  /** G on a word of the text: a selected phrase (or separable verb) around it first, then the word, then a saved phrase it is in. */
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!words || event.key.toLowerCase() !== KNEW_IT_KEY || event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target))
      return;
    const i = words.indexOf(event.target as Element);
    if (i < 0) return;
    event.preventDefault();
    const around = selected && selected.first <= i && i <= selected.last ? selectedKey(selected) : undefined;
    const card = cardOf(around) ?? cardOf(words.wordAt(i)) ?? cardOf(words.phraseAt(i)?.key);
    if (card) confirm(card);
    else toast({ title: `No card of “${words.words[i]?.textContent ?? ''}” is due today` });
  });
  // The key is read on the text itself (like P for the sentence), beside the text's own keys.
  useEffect(() => {
    const text = words?.words[0]?.closest<HTMLElement>('.rd-text');
    if (!text) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    text.addEventListener('keydown', listener);
    return () => text.removeEventListener('keydown', listener);
  }, [words]);

  return { noteId, dueOnPage, cardOf, resultOf, confirm, pending };
}
