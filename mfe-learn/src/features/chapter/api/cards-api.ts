import { keepPrevious, useCommand, useRouteQuery } from '@verba/kit/query';
import { chapterFlashcards, createChapterFlashcards } from '@verba/contracts/http';
import type { LearningLanguage, VocabularyPair } from '@verba/contracts';

/** The cards the learner already made from this chapter (read after the tab's latest write). */
export function useChapterCards(languageCode: LearningLanguage, chapterId: string) {
  return useRouteQuery(chapterFlashcards, { query: { languageCode, chapterId } }, { placeholderData: keepPrevious });
}

/** Makes cards of the chapter's words; reads after it (this chapter's, the practice portal's) wait for its position. */
export const useAddChapterCards = () => useCommand(createChapterFlashcards);

/** A card's front as the chapter compares it: trimmed, case ignored. */
const front = (text: string) => text.trim().toLocaleLowerCase();

/** The vocabulary pairs that have no card from this chapter yet, once each. */
export function missingPairs(pairs: readonly VocabularyPair[], cards: ReadonlyArray<{ sourceValue: string }>): VocabularyPair[] {
  const have = new Set(cards.map((c) => front(c.sourceValue)));
  return pairs.filter((pair) => {
    const key = front(pair.word);
    if (!key || !pair.translation.trim() || have.has(key)) return false;
    have.add(key);
    return true;
  });
}
