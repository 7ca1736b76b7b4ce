import { keepPrevious, useRouteQuery } from '@verba/kit/query';
import { flashcardsAnalytics } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** Reviews per day, streaks, cards by state and retention (GET flashcards/analytics), fresh after this browser's writes. */
export function useFlashcardsAnalytics(languageCode: LearningLanguage) {
  return useRouteQuery(flashcardsAnalytics, { query: { languageCode } }, { placeholderData: keepPrevious });
}
