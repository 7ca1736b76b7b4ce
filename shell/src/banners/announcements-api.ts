import { callRef } from '@verba/kit';
import { firstLoadRoutes } from '@verba/contracts/http';

/**
 * The active announcements for the signed-in user's groups (GET /api/announcements), as sent: read on
 * every signed-in page by reference, unparsed (callRef), and checked by parse-announcements.ts only
 * when there is one, in the banners' own chunk.
 */
export async function fetchAnnouncementList(signal?: AbortSignal): Promise<unknown[]> {
  const body: { announcements?: unknown } | null = await callRef(firstLoadRoutes.listAnnouncements, signal ? { signal } : {});
  return Array.isArray(body?.announcements) ? body.announcements : [];
}
