import { atLeast, toast } from '@verba/kit';
import { invalidatePaths, keepPrevious, useCommand, useMinPosition, useRouteQuery } from '@verba/kit/query';
import {
  ADMIN_PAGE_SIZE,
  adminCreateAnnouncement,
  adminDeleteAnnouncement,
  adminGetAnnouncement,
  adminListAnnouncements,
  adminUpdateAnnouncement,
  listImages,
} from '@verba/contracts/http';

/** Re-keyed by this tab's latest write, so the list (a page at a time) is read only once it includes that write. */
export const useAnnouncements = (page: number) =>
  useRouteQuery(
    adminListAnnouncements,
    { query: { page, pageSize: ADMIN_PAGE_SIZE, ...atLeast(useMinPosition()) } },
    { placeholderData: keepPrevious },
  );
export const useAnnouncement = (id: string | undefined) =>
  useRouteQuery(
    adminGetAnnouncement,
    { params: { id: id ?? '' }, query: atLeast(useMinPosition()) },
    { enabled: !!id, placeholderData: keepPrevious },
  );
/** The image manager's images, newest first, for the image block's picker. */
export const useImageChoices = () => useRouteQuery(listImages, { query: { sort: 'newest', page: 1, pageSize: 100 } });

const refresh = () => void invalidatePaths(['/api/admin/announcements', '/api/admin/history/announcement']);

export const useCreateAnnouncement = () => useCommand(adminCreateAnnouncement, { onSuccess: refresh });
export const useUpdateAnnouncement = () => useCommand(adminUpdateAnnouncement, { onSuccess: refresh });
export const useDeleteAnnouncement = () =>
  useCommand(adminDeleteAnnouncement, {
    onSuccess: () => (toast({ title: 'The announcement was deleted.' }), refresh()),
    onError: (e) => toast({ title: 'The announcement was not deleted.', description: e.message, variant: 'destructive' }),
  });
