import { useEffect, useState } from 'react';
import type { WordIndex } from '../word-index';

/** The attribute a word (or a saved phrase's element) of the page carries while its card is due today. */
export const DUE_ATTRIBUTE = 'data-due';

/**
 * Marks the page's words whose card is due today, outside React like the statuses (word-index.ts): one Set
 * look-up a word, attributes toggled in place, no re-render of the text. Each due word is described by
 * `noteId` ("card due today") for screen readers. `dueKey` names the due card's key a word (or phrase) key stands for. Saved phrases are painted anew when the statuses change,
 * so the marks are put back after each repaint. Answers how many distinct words (or phrases) of the page are due.
 */
export function useDueUnderline(words: WordIndex | null, dueKey: (key: string | undefined) => string | undefined, noteId: string): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!words) return;
    const text = words.words[0]?.closest('.rd-text');
    const apply = () => {
      const seen = new Set<string>();
      const mark = (element: Element, key: string | undefined) => {
        const card = dueKey(key);
        const isDue = card !== undefined;
        if (isDue) seen.add(card);
        if (element.hasAttribute(DUE_ATTRIBUTE) === isDue) return;
        element.toggleAttribute(DUE_ATTRIBUTE, isDue);
        if (isDue) element.setAttribute('aria-describedby', noteId);
        else element.removeAttribute('aria-describedby');
      };
      words.words.forEach((element, i) => mark(element, words.wordAt(i)));
      text?.querySelectorAll<HTMLElement>('[data-phrase]').forEach((element) => mark(element, element.dataset.phrase));
      setCount(seen.size);
    };
    apply();
    return words.subscribe(apply);
  }, [words, dueKey, noteId]);
  return count;
}
