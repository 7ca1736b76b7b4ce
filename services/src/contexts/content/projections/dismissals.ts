import { readEventData } from '../../../platform/decider/events';
import type { Projection } from '../../../platform/projections/projection';
import { UserDeleted } from '../../identity/published';
import { AnnouncementDeleted, AnnouncementDismissed } from '../events';

/**
 * Who dismissed which banner for good: the user's banner list leaves those out in every browser. A deleted
 * banner's rows go with it; a deleted account's rows are erased.
 */
export const dismissalsProjection: Projection = {
  name: 'content-dismissals',
  version: 1,
  tables: ['content_announcement_dismissals'],
  eventTypes: [AnnouncementDismissed.type, AnnouncementDeleted.type, UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('content_announcement_dismissals'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.uuid('announcement_id').notNullable();
      tb.timestamp('at', { useTz: true }).notNullable();
      tb.primary(['user_id', 'announcement_id']);
      tb.index(['announcement_id']);
    });
  },
  async apply(events, { trx, t }) {
    const table = t('content_announcement_dismissals');
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        await trx(table)
          .where({ user_id: readEventData(UserDeleted, recorded).userId })
          .delete();
      } else if (recorded.type === AnnouncementDeleted.type) {
        await trx(table)
          .where({ announcement_id: readEventData(AnnouncementDeleted, recorded).announcementId })
          .delete();
      } else {
        const { userId, announcementId, at } = readEventData(AnnouncementDismissed, recorded);
        await trx(table)
          .insert({ user_id: userId, announcement_id: announcementId, at })
          .onConflict(['user_id', 'announcement_id'])
          .ignore();
      }
    }
  },
};
