import { client } from '@verba/kit';

/**
 * The active announcements for the signed-in user's groups (GET /api/announcements), as sent: read on
 * every signed-in page with the client's schema-free `send`, and checked by parse-announcements.ts only
 * when there is one, in the banners' own chunk.
 */
export async function fetchAnnouncementList(signal?: AbortSignal): Promise<unknown[]> {
  const body = (await client.send('GET', '/api/announcements', signal ? { signal } : {})) as { announcements?: unknown } | null;
  return Array.isArray(body?.announcements) ? body.announcements : [];
}
