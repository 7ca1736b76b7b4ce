import { ANNOUNCEMENT_IMAGE_URL, ANNOUNCEMENT_LINK_URL, DISMISS_BEHAVIORS, type Announcement, type ContentBlock } from '@verba/contracts';

// Checked by hand, not with the contract's zod schema (as auth-api.ts does): zod is a chunk the
// banners need not fetch.

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function asBlock(raw: unknown): ContentBlock | undefined {
  const b = raw as { type?: unknown; data?: { text?: unknown; url?: unknown; alt?: unknown } } | null;
  // Only the image manager's own URLs, as the contract allows (this file avoids zod, see above).
  if (b?.type === 'image' && typeof b.data?.url === 'string' && ANNOUNCEMENT_IMAGE_URL.test(b.data.url)) {
    return { type: 'image', data: { url: b.data.url, alt: typeof b.data.alt === 'string' ? b.data.alt : '' } };
  }
  if (!b || !isText(b.data?.text)) return undefined;
  const text = b.data.text;
  if (b.type === 'paragraph' || b.type === 'header') return { type: b.type, data: { text } };
  if (b.type === 'link' && typeof b.data.url === 'string' && ANNOUNCEMENT_LINK_URL.test(b.data.url)) {
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
    startsAt: typeof a.startsAt === 'number' ? a.startsAt : null,
    endsAt: typeof a.endsAt === 'number' ? a.endsAt : null,
    createdAt: Number(a.createdAt) || 0,
    updatedAt: Number(a.updatedAt) || 0,
  };
}

/** The announcements of GET /api/announcements this shell can show; a malformed one is left out. */
export function parseAnnouncements(list: readonly unknown[]): Announcement[] {
  return list.map(asAnnouncement).filter((a) => a !== undefined);
}
