import { useOpenedAt, useRouteQuery } from '@verba/kit/query';
import { listAnnouncements } from '@verba/contracts/http';

/**
 * The active announcements for the signed-in user's groups (GET /api/announcements), read once where this
 * tab's writes stood when the user's pages opened (the kit's held position): a write of this tab changes
 * no announcement, so none is read again after it. Read in the announcements' own chunk (Announcements.tsx),
 * never in the first load.
 */
export function useAnnouncementList() {
  const openedAt = useOpenedAt();
  return useRouteQuery(listAnnouncements, { query: { minPosition: openedAt } }, { select: (answer) => answer.announcements });
}
