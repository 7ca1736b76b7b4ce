import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { arrangeParallel, type ParallelRow } from './parallel';
import type { WordIndex } from './word-index';

const KEY = 'verba:reader-translation:';

function stored(uid: string | undefined): boolean {
  try {
    return window.localStorage.getItem(KEY + (uid ?? '')) === 'on';
  } catch {
    return false;
  }
}

/**
 * Whether this learner reads with the article's translation beside the text: remembered in this browser
 * for each learner (localStorage; no profile setting exists for it), off until they turn it on.
 */
export function useSideBySide(uid: string | undefined): [boolean, (on: boolean) => void] {
  const [chosen, setChosen] = useState<{ uid: string | undefined; on: boolean } | null>(null);
  const on = chosen && chosen.uid === uid ? chosen.on : stored(uid);
  const set = useCallback(
    (next: boolean) => {
      setChosen({ uid, on: next });
      try {
        window.localStorage.setItem(KEY + (uid ?? ''), next ? 'on' : 'off');
      } catch {
        // Storage may be disabled: the choice then lasts as long as the page.
      }
    },
    [uid],
  );
  return [on, set];
}

/**
 * Arranges the page's text (the `.rd-text` inside `box`) into rows beside their translation while `rows`
 * is given; puts it back when they go. `words` is the page's index: a new one means the text was rebuilt.
 */
export function useParallelText(box: RefObject<HTMLElement | null>, words: WordIndex | null, rows: readonly ParallelRow[] | null): void {
  useLayoutEffect(() => {
    const text = box.current?.querySelector<HTMLElement>('.rd-text');
    if (!text || !rows) return;
    return arrangeParallel(text, rows);
  }, [box, words, rows]);
}
