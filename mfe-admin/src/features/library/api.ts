import { atLeast } from '@verba/kit';
import { ADMIN_PAGE_SIZE } from '@verba/contracts/http';
import { keepPrevious, useMinPosition, useRouteQuery } from '@verba/kit/query';
import {
  adminFlaggedArticles,
  adminGetArticle,
  adminLibraryOverview,
  adminListArticles,
  pendingArticles,
  type AdminListArticlesQuery,
} from '@verba/contracts/http';

/** Admin library reads, re-keyed by the tab's latest write so a save is seen once the read model has it. */
export function useLibraryOverview() {
  return useRouteQuery(adminLibraryOverview, { query: atLeast(useMinPosition()) }, { placeholderData: keepPrevious });
}

export type ArticleFilters = Partial<Omit<AdminListArticlesQuery, 'minPosition'>>;

export function useAdminArticles(filters: ArticleFilters) {
  return useRouteQuery(
    adminListArticles,
    { query: { ...filters, ...atLeast(useMinPosition()) } as never },
    { placeholderData: keepPrevious },
  );
}

export function useAdminArticle(articleId: string | undefined) {
  return useRouteQuery(
    adminGetArticle,
    { params: { articleId: articleId ?? '' }, query: atLeast(useMinPosition()) },
    { enabled: !!articleId },
  );
}

/** A page of the flagged articles (the admin home asks for one row: it reads only the total). */
export function useFlaggedArticles(page = 1, pageSize = ADMIN_PAGE_SIZE) {
  return useRouteQuery(
    adminFlaggedArticles,
    { query: { page, pageSize, ...atLeast(useMinPosition()) } },
    { placeholderData: keepPrevious },
  );
}

/** A page of the review queue, re-keyed by each review's position, so it is read again once it includes the review. */
export function usePendingArticles(page = 1, pageSize = ADMIN_PAGE_SIZE) {
  return useRouteQuery(pendingArticles, { query: { page, pageSize, ...atLeast(useMinPosition()) } }, { placeholderData: keepPrevious });
}
