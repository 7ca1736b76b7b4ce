import type { Announcement } from '@verba/contracts';
import { adminPagesCache, defineProjection, insert, remove, update, when } from '../../../platform/projections/declare';
import { AnnouncementDeleted, AnnouncementPublished, AnnouncementRevised, type ContentEvent } from '../events';

export interface AnnouncementRow {
  id: string;
  visible_to: Announcement['visibleTo'];
  blocks: Announcement['content']['blocks'] | string;
  dismiss_behavior: Announcement['dismissBehavior'];
  active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

type Body = Extract<ContentEvent, { type: 'content.AnnouncementPublished' }>['data'];

/** What a publication or revision sets. */
const shown = (e: Body) => ({
  visible_to: e.visibleTo,
  blocks: e.blocks,
  dismiss_behavior: e.dismissBehavior,
  active: e.active,
  starts_at: e.startsAt ?? null,
  ends_at: e.endsAt ?? null,
  updated_at: e.at,
});

/** Live announcements (deleted ones are removed); the user listing filters by audience, `active` and schedule. */
export const announcementsProjection = defineProjection({
  name: 'content-announcements',
  version: 2,
  tables: {
    content_announcements: {
      key: ['id'],
      columns: {
        id: 'uuid',
        visible_to: 'text',
        blocks: 'jsonb',
        dismiss_behavior: 'text',
        active: 'boolean',
        starts_at: 'timestamptz?',
        ends_at: 'timestamptz?',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      indexes: [['active', 'visible_to']],
    },
  },
  caches: [adminPagesCache()],
  on: [
    when(AnnouncementPublished, (e) => [insert('content_announcements', { id: e.announcementId, ...shown(e), created_at: e.at })]),
    when(AnnouncementRevised, (e) => [update('content_announcements', { id: e.announcementId }, shown(e))]),
    when(AnnouncementDeleted, (e) => [remove('content_announcements', { id: e.announcementId })]),
  ],
});
