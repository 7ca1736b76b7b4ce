import {
  AnnouncementInputSchema,
  ContentBlockSchema,
  type Announcement,
  type AnnouncementInput,
  type ContentBlock,
} from '@verba/contracts/http';
import type { Audience, DismissBehavior } from '@verba/contracts/domain';

/** A block as the form edits it: every field present, the type choosing which are sent. */
export interface BlockValues {
  type: ContentBlock['type'];
  text: string;
  url: string;
  alt: string;
}

export interface AnnouncementValues {
  visibleTo: Audience;
  dismissBehavior: DismissBehavior;
  active: boolean;
  /** `datetime-local` values (the admin's own time zone), '' for none. */
  startsAt: string;
  endsAt: string;
  blocks: BlockValues[];
}

export const emptyBlock = (type: BlockValues['type'] = 'paragraph'): BlockValues => ({ type, text: '', url: '', alt: '' });

export const NEW_ANNOUNCEMENT: AnnouncementValues = {
  visibleTo: 'all',
  dismissBehavior: 'temporary',
  active: true,
  startsAt: '',
  endsAt: '',
  blocks: [emptyBlock('header'), emptyBlock()],
};

const pad = (n: number) => String(n).padStart(2, '0');
/** Epoch ms -> a `datetime-local` value in the browser's time zone. */
export function toLocalInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function toBlock(b: BlockValues): unknown {
  switch (b.type) {
    case 'link':
      return { type: 'link', data: { text: b.text, url: b.url } };
    case 'image':
      return { type: 'image', data: { url: b.url, alt: b.alt } };
    default:
      return { type: b.type, data: { text: b.text } };
  }
}

export function valuesOf(a: Announcement): AnnouncementValues {
  return {
    visibleTo: a.visibleTo,
    dismissBehavior: a.dismissBehavior,
    active: a.active,
    startsAt: toLocalInput(a.startsAt),
    endsAt: toLocalInput(a.endsAt),
    blocks: a.content.blocks.map((b) =>
      b.type === 'image'
        ? { ...emptyBlock('image'), url: b.data.url, alt: b.data.alt }
        : { ...emptyBlock(b.type), text: b.data.text, url: b.type === 'link' ? b.data.url : '' },
    ),
  };
}

/** The contract's input, or each problem at the form field it belongs to (checked with the contract's schema). */
export function inputOf(v: AnnouncementValues): { input: AnnouncementInput } | { errors: { field: string; message: string }[] } {
  const parsed = AnnouncementInputSchema.safeParse({
    visibleTo: v.visibleTo,
    dismissBehavior: v.dismissBehavior,
    active: v.active,
    startsAt: fromLocalInput(v.startsAt),
    endsAt: fromLocalInput(v.endsAt),
    content: { blocks: v.blocks.map(toBlock) },
  });
  if (parsed.success) return { input: parsed.data };
  return {
    errors: parsed.error.issues.map((issue) => {
      const [first, , index, , field] = issue.path;
      if (first === 'content' && typeof index === 'number')
        return { field: `blocks.${index}.${field === 'url' ? 'url' : field === 'alt' ? 'alt' : 'text'}`, message: issue.message };
      if (first === 'endsAt' || first === 'startsAt') return { field: String(first), message: issue.message };
      return { field: 'root', message: issue.message };
    }),
  };
}

/** The blocks that are complete so far: what the preview can show while the admin types. */
export const previewBlocks = (blocks: BlockValues[]): ContentBlock[] =>
  blocks.flatMap((b) => {
    const parsed = ContentBlockSchema.safeParse(toBlock(b));
    return parsed.success ? [parsed.data] : [];
  });
