import { defineProjection, insert, remove, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import { AnnouncementDeleted, AnnouncementDismissed } from '../events';

/**
 * Who dismissed which banner for good: the user's banner list leaves those out in every browser. A deleted
 * banner's rows go with it; a deleted account's rows are erased.
 */
export const dismissalsProjection = defineProjection({
  name: 'content-dismissals',
  version: 1,
  tables: {
    content_announcement_dismissals: {
      key: ['user_id', 'announcement_id'],
      columns: { user_id: 'uuid', announcement_id: 'uuid', at: 'timestamptz' },
      indexes: [['announcement_id']],
    },
  },
  on: [
    when(AnnouncementDismissed, (e) => [
      insert('content_announcement_dismissals', { user_id: e.userId, announcement_id: e.announcementId, at: e.at }),
    ]),
    when(AnnouncementDeleted, (e) => [remove('content_announcement_dismissals', { announcement_id: e.announcementId })]),
    when(UserDeleted, (e) => [remove('content_announcement_dismissals', { user_id: e.userId })]),
  ],
});
