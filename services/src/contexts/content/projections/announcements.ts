import type { Announcement } from '@verba/contracts';
import { EventCodec } from '../../../platform/decider/events';
import type { Projection } from '../../../platform/projections/projection';
import { contentEvents } from '../events';
import { adminReads } from '../../../platform/projections/admin-reads';

const codec = new EventCodec([...contentEvents]);

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

/** Live announcements (deleted ones are removed); the user listing filters by audience, `active` and schedule. */
export const announcementsProjection: Projection = {
  name: 'content-announcements',
  version: 2,
  tables: ['content_announcements'],
  eventTypes: contentEvents.map((e) => e.type),
  ...adminReads.projectionHooks('content-announcements'),
  async setup(trx, t) {
    await trx.schema.createTable(t('content_announcements'), (tb) => {
      tb.uuid('id').primary();
      tb.text('visible_to').notNullable();
      tb.jsonb('blocks').notNullable();
      tb.text('dismiss_behavior').notNullable();
      tb.boolean('active').notNullable();
      tb.timestamp('starts_at', { useTz: true });
      tb.timestamp('ends_at', { useTz: true });
      tb.timestamp('created_at', { useTz: true }).notNullable();
      tb.timestamp('updated_at', { useTz: true }).notNullable();
      tb.index(['active', 'visible_to']);
    });
  },
  async apply(events, { trx, t }) {
    const table = t('content_announcements');
    for (const recorded of events) {
      const e = codec.decode(recorded);
      if (e.type === 'content.AnnouncementDeleted') {
        await trx(table).where({ id: e.data.announcementId }).delete();
        continue;
      }
      const { announcementId, visibleTo, blocks, dismissBehavior, active, startsAt = null, endsAt = null, at } = e.data;
      const row = {
        visible_to: visibleTo,
        blocks: JSON.stringify(blocks),
        dismiss_behavior: dismissBehavior,
        active,
        starts_at: startsAt,
        ends_at: endsAt,
        updated_at: at,
      };
      if (e.type === 'content.AnnouncementPublished') {
        await trx(table)
          .insert({ id: announcementId, ...row, created_at: at })
          .onConflict('id')
          .ignore();
      } else {
        await trx(table).where({ id: announcementId }).update(row);
      }
    }
  },
};
