import { atLeast } from '@verba/kit';
import { keepPrevious, useMinPosition, useRouteQuery, useCommand } from '@verba/kit/query';
import { adminListForumReports, adminHideForumPost, adminLockForumThread } from '@verba/contracts/http';
import { type CommandOptions } from '../../../shared/api/command-options';

/**
 * A page of reported forum posts, re-keyed by the tab's latest write: after hiding or locking, the list
 * is read again once the read model has the change (the old answer stays on screen meanwhile).
 */
export function useForumReports(page = 1) {
  return useRouteQuery(adminListForumReports, { query: { page, ...atLeast(useMinPosition()) } }, { placeholderData: keepPrevious });
}

export const useAdminHideForumPost = (options?: CommandOptions<typeof adminHideForumPost>) => useCommand(adminHideForumPost, options);
export const useAdminLockForumThread = (options?: CommandOptions<typeof adminLockForumThread>) => useCommand(adminLockForumThread, options);
