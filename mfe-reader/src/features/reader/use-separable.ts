import { useEffect, type RefObject } from 'react';
import type { LearningLanguage } from '@verba/contracts';
import { familiesOf } from './api/family-api';
import type { WordIndex } from './word-index';

/**
 * German separable verbs on the page (issue 38.3): when the learner has saved one ("aufstehen") and the page
 * has its particle ending a clause, the base words of the words before it are read from the page's families (asked once) and the
 * index paints the verbs they find. A failed look-up leaves the page as it was. `statuses` is the dictionary:
 * a newly saved verb asks again (only for words not asked before).
 */
export function useSeparableVerbs(
  index: RefObject<WordIndex | null>,
  content: string,
  languageCode: LearningLanguage,
  statuses: ReadonlyMap<string, unknown>,
): void {
  useEffect(() => {
    const words = index.current;
    if (!words || languageCode !== 'de') return;
    const asked = words.separableLookups();
    if (asked.length === 0) return;
    let current = true;
    familiesOf(languageCode, asked).then(
      (families) => {
        // A word the analyser does not link is its own base.
        if (current && index.current === words) words.setBases(new Map(asked.map((w) => [w, families.get(w)?.base ?? w])));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [index, content, languageCode, statuses]);
}
