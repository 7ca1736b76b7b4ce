import { keepPrevious, useRouteQuery } from '@verba/kit/query';
import { flashcardsInfo } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** Due now, due today, learned and the streak (GET flashcards/info), fresh after this browser's writes. */
export function useFlashcardsInfo(languageCode: LearningLanguage) {
  return useRouteQuery(flashcardsInfo, { query: { languageCode } }, { placeholderData: keepPrevious });
}
