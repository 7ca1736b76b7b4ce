import { useRouteQuery } from '@verba/kit/query';
import { getProfile, listArticles } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import type { z } from 'zod';

export type ArticleFilters = Partial<Omit<z.input<(typeof listArticles)['query']>, 'languageCode' | 'minPosition'>>;
export const PAGE_SIZE = 20;

/** After this tab's writes (words marked in the reader change the difficulty labels), the last answer shown meanwhile. */
export function useArticles(languageCode: LearningLanguage, filters: ArticleFilters) {
  return useRouteQuery(
    listArticles,
    { query: { languageCode, pageSize: PAGE_SIZE, ...filters } },
    { placeholderData: (previous) => previous },
  );
}

/** The learner's profile, for the library view they chose on another device (asked only while this browser has no choice). */
export const useProfile = (enabled: boolean) => useRouteQuery(getProfile, {}, { enabled, staleTime: 5 * 60_000 });
