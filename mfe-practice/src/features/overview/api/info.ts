import { useRouteQuery } from '@verba/kit/query';
import { flashcardsInfo } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { atLeast, keepPrevious, useLatestPosition } from '../../../shared/position';

/** Due now, due today, learned and the streak (GET flashcards/info), fresh after this browser's writes. */
export function useFlashcardsInfo(languageCode: LearningLanguage) {
  const minPosition = useLatestPosition();
  return useRouteQuery(flashcardsInfo, { query: { languageCode, ...atLeast(minPosition) } }, { placeholderData: keepPrevious });
}
