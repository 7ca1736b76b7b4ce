import { keepPrevious, useRouteQuery } from '@verba/kit/query';
import { adminFlaggedArticles, adminListForumReports, pendingArticles } from '@verba/contracts/http';

// What needs an admin's attention, for the home page's counts: one row each, as only the totals show.

/** Public articles waiting for approval. */
export const usePendingArticleCount = () =>
  useRouteQuery(pendingArticles, { query: { page: 1, pageSize: 1 } }, { placeholderData: keepPrevious });

/** Articles flagged for review. */
export const useFlaggedArticleCount = () =>
  useRouteQuery(adminFlaggedArticles, { query: { page: 1, pageSize: 1 } }, { placeholderData: keepPrevious });

/** Forum reports (the answer counts the open ones). */
export const useForumReportCount = () => useRouteQuery(adminListForumReports, { query: { page: 1 } }, { placeholderData: keepPrevious });
