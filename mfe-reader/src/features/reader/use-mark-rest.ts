/**
 * "Mark the rest of this page as known", made safe (issue 38.4, LUTE #734): it marks only the page's words
 * that are still New and that the learner neither looked up nor set to anything on this article, in one
 * command; the toast says how many words changed and offers Undo for 10 s, which puts every one of them
 * back to New (out of the dictionary) in one command of its own.
 */
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '@verba/kit';
import type { LearningLanguage } from '@verba/contracts';
import { useMarkMany, type WordStatus } from './api/reader-api';
import type { WordIndex } from './word-index';

/** How long the toast offers Undo. */
export const UNDO_FOR_MS = 10_000;
export const UNDO_LABEL = 'Undo';
const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;
export const markedKnown = (n: number) => `${words(n)} marked Known.`;
export const backToNew = (n: number) => `${words(n)} back to New.`;
export const MARK_REFUSED = 'The page could not be marked as known.';
export const UNDO_REFUSED = 'The words could not be put back to New.';

/** The page's words the bulk mark takes: counted (not Ignored), still New, and not looked up or set on this article. */
export function restOfPage(index: WordIndex, lookedUp: ReadonlySet<string>): string[] {
  return Array.from(index.distinctWords()).filter((word) => index.statusOf(word) === 'new' && !lookedUp.has(word));
}

/**
 * Marks the given words Known (from restOfPage) and offers their Undo. The Undo repaints the page shown
 * then (a page turn may have come between) and every cached read of the dictionary at once; a word the
 * learner set to something else since stays as they set it. A refused mark or Undo is put back and said.
 */
export function useMarkRest(
  languageCode: LearningLanguage | undefined,
  index: WordIndex | null,
  statuses: ReadonlyMap<string, WordStatus>,
) {
  const markMany = useMarkMany(languageCode);
  const shown = useRef({ index, statuses });
  useEffect(() => {
    shown.current = { index, statuses };
  }, [index, statuses]);

  const undo = useCallback(
    (changed: readonly string[]) => {
      const { index: page, statuses: now } = shown.current;
      // Set to Uncertain or Ignored since (on the page shown, or anywhere the cache has seen): the learner's latest word stands.
      const statusOf = (word: string) => (page?.occurrences(word) ? page.markOf(word) : now.get(word));
      const back = changed
        .filter((word) => statusOf(word) !== 'uncertain' && statusOf(word) !== 'ignored')
        .map((value) => ({ value, status: 'new' as const }));
      if (back.length === 0) return;
      markMany(shown.current.index, back).then(
        () => toast({ title: backToNew(back.length) }),
        (error: Error) => toast({ title: UNDO_REFUSED, description: error.message, variant: 'destructive' }),
      );
    },
    [markMany],
  );

  return useCallback(
    (rest: readonly string[]) => {
      if (rest.length === 0) return;
      markMany(
        index,
        rest.map((value) => ({ value, status: 'known' as const })),
      ).then(
        () => toast({ title: markedKnown(rest.length), duration: UNDO_FOR_MS, action: { label: UNDO_LABEL, onClick: () => undo(rest) } }),
        (error: Error) => toast({ title: MARK_REFUSED, description: error.message, variant: 'destructive' }),
      );
    },
    [markMany, index, undo],
  );
}
