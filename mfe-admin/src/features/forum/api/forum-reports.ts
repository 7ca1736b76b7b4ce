import { atLeast } from '@verba/kit';
import { keepPrevious, useMinPosition, useRouteQuery } from '@verba/kit/query';
import { adminListForumReports } from '@verba/contracts/http';

/**
 * A page of reported forum posts, re-keyed by the tab's latest write: after hiding or locking, the list
 * is read again once the read model has the change (the old answer stays on screen meanwhile).
 */
export function useForumReports(page = 1) {
  return useRouteQuery(adminListForumReports, { query: { page, ...atLeast(useMinPosition()) } }, { placeholderData: keepPrevious });
}
