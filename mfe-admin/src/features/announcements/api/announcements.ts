import { toast } from '@verba/kit';
import { keepPrevious, useCommand, useRouteQuery } from '@verba/kit/query';
import {
  ADMIN_PAGE_SIZE,
  adminCreateAnnouncement,
  adminDeleteAnnouncement,
  adminGetAnnouncement,
  adminListAnnouncements,
  adminUpdateAnnouncement,
  listImages,
} from '@verba/contracts/http';

/** The announcements, a page at a time. */
export const useAnnouncements = (page: number) =>
  useRouteQuery(adminListAnnouncements, { query: { page, pageSize: ADMIN_PAGE_SIZE } }, { placeholderData: keepPrevious });
export const useAnnouncement = (id: string | undefined) =>
  useRouteQuery(adminGetAnnouncement, { params: { id: id ?? '' } }, { enabled: !!id, placeholderData: keepPrevious });
/** The image manager's images, newest first, for the image block's picker (no position to wait for: read afresh when it shows). */
export const useImageChoices = () => useRouteQuery(listImages, { query: { sort: 'newest', page: 1, pageSize: 100 } }, { staleTime: 0 });

export const useCreateAnnouncement = () => useCommand(adminCreateAnnouncement);
export const useUpdateAnnouncement = () => useCommand(adminUpdateAnnouncement);
export const useDeleteAnnouncement = () =>
  useCommand(adminDeleteAnnouncement, {
    onSuccess: () => toast({ title: 'The announcement was deleted' }),
    onError: (e) => toast({ title: 'The announcement was not deleted.', description: e.message, variant: 'destructive' }),
  });
