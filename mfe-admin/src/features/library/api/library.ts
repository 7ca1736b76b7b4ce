import type { LearningLanguage } from '@verba/contracts';
import { keepPrevious, useRouteQuery, useCommand } from '@verba/kit/query';
import {
  ADMIN_PAGE_SIZE,
  adminCreateArticle,
  adminUpdateArticle,
  adminDeleteArticle,
  makePublicPremium,
  adminReviewArticles,
  adminListSeries,
  adminFlaggedArticles,
  adminGetArticle,
  adminLibraryOverview,
  adminListArticles,
  pendingArticles,
  type AdminListArticlesQuery,
} from '@verba/contracts/http';
import type { CommandOptions } from '../../../shared/api/command-options';

export function useLibraryOverview() {
  return useRouteQuery(adminLibraryOverview, {}, { placeholderData: keepPrevious });
}

export type ArticleFilters = Partial<Omit<AdminListArticlesQuery, 'minPosition'>>;

export function useAdminArticles(filters: ArticleFilters) {
  return useRouteQuery(adminListArticles, { query: { ...filters } as never }, { placeholderData: keepPrevious });
}

export function useAdminArticle(articleId: string | undefined) {
  return useRouteQuery(adminGetArticle, { params: { articleId: articleId ?? '' } }, { enabled: !!articleId });
}

/** A page of the flagged articles. */
export function useFlaggedArticles(page: number, pageSize = ADMIN_PAGE_SIZE) {
  return useRouteQuery(adminFlaggedArticles, { query: { page, pageSize } }, { placeholderData: keepPrevious });
}

/** A page of the review queue. */
export function usePendingArticles(page: number, pageSize = ADMIN_PAGE_SIZE) {
  return useRouteQuery(pendingArticles, { query: { page, pageSize } }, { placeholderData: keepPrevious });
}

export const useAdminCreateArticle = (options?: CommandOptions<typeof adminCreateArticle>) => useCommand(adminCreateArticle, options);
export const useAdminUpdateArticle = (options?: CommandOptions<typeof adminUpdateArticle>) => useCommand(adminUpdateArticle, options);
export const useAdminDeleteArticle = (options?: CommandOptions<typeof adminDeleteArticle>) => useCommand(adminDeleteArticle, options);
export const useMakePublicPremium = (options?: CommandOptions<typeof makePublicPremium>) => useCommand(makePublicPremium, options);
export const useAdminReviewArticles = (options?: CommandOptions<typeof adminReviewArticles>) => useCommand(adminReviewArticles, options);

/** The series an article of this language can belong to (the form's picker). */
export const useSeriesChoices = (languageCode: LearningLanguage) => useRouteQuery(adminListSeries, { query: { languageCode } });
