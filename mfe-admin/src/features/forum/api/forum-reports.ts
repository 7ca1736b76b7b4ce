import { keepPrevious, useRouteQuery, useCommand } from '@verba/kit/query';
import { adminListForumReports, adminHideForumPost, adminLockForumThread } from '@verba/contracts/http';
import type { CommandOptions } from '../../../shared/api/command-options';

/** A page of reported forum posts (read again by itself after hiding or locking). */
export function useForumReports(page = 1) {
  return useRouteQuery(adminListForumReports, { query: { page } }, { placeholderData: keepPrevious });
}

export const useAdminHideForumPost = (options?: CommandOptions<typeof adminHideForumPost>) => useCommand(adminHideForumPost, options);
export const useAdminLockForumThread = (options?: CommandOptions<typeof adminLockForumThread>) => useCommand(adminLockForumThread, options);
