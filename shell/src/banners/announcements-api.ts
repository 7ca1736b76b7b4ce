import { DISMISS_BEHAVIORS, type Announcement, type ContentBlock } from '@verba/contracts';
import { client } from '@verba/kit';

// Read with the client's schema-free `send` and checked by hand (as auth-api.ts does): the contract's
// zod schemas would land in the chunk the sign-in page loads (webpack puts all zod in one 'forms' chunk).

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function asBlock(raw: unknown): ContentBlock | undefined {
  const b = raw as { type?: unknown; data?: { text?: unknown; url?: unknown } } | null;
  if (!b || !isText(b.data?.text)) return undefined;
  const text = b.data.text;
  if (b.type === 'paragraph' || b.type === 'header') return { type: b.type, data: { text } };
  if (b.type === 'link' && typeof b.data.url === 'string' && /^(https?:\/\/|\/)/.test(b.data.url)) {
    return { type: 'link', data: { text, url: b.data.url } };
  }
  return undefined; // a block this shell does not know is left out, not rendered raw
}

function asAnnouncement(raw: unknown): Announcement | undefined {
  const a = raw as Partial<Record<keyof Announcement, unknown>> | null;
  const behavior = DISMISS_BEHAVIORS.find((d) => d === a?.dismissBehavior);
  if (!a || typeof a.id !== 'string' || typeof a.visibleTo !== 'string' || !behavior) return undefined;
  const rawBlocks = (a.content as { blocks?: unknown } | undefined)?.blocks;
  const blocks = Array.isArray(rawBlocks) ? rawBlocks.map(asBlock).filter((b) => b !== undefined) : [];
  return {
    id: a.id,
    visibleTo: a.visibleTo as Announcement['visibleTo'],
    content: { blocks },
    dismissBehavior: behavior,
    active: a.active !== false,
    createdAt: Number(a.createdAt) || 0,
    updatedAt: Number(a.updatedAt) || 0,
  };
}

/** The active announcements for the signed-in user's groups (GET /api/announcements). */
export async function fetchAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  const body = (await client.send('GET', '/api/announcements', signal ? { signal } : {})) as { announcements?: unknown };
  return Array.isArray(body?.announcements) ? body.announcements.map(asAnnouncement).filter((a) => a !== undefined) : [];
}
