import { atLeast } from '@verba/kit';
import { keepPrevious, useMinPosition, useRouteQuery } from '@verba/kit/query';
import { flashcardsAnalytics } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** Reviews per day, streaks, cards by state and retention (GET flashcards/analytics), fresh after this browser's writes. */
export function useFlashcardsAnalytics(languageCode: LearningLanguage) {
  const minPosition = useMinPosition();
  return useRouteQuery(flashcardsAnalytics, { query: { languageCode, ...atLeast(minPosition) } }, { placeholderData: keepPrevious });
}
