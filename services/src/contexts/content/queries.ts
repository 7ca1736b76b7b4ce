import type { Knex } from 'knex';
import type { Announcement, Audience } from '@verba/contracts';
import type { AnnouncementRow } from './projections/announcements';

const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  id: r.id,
  visibleTo: r.visible_to,
  content: { blocks: typeof r.blocks === 'string' ? JSON.parse(r.blocks) : r.blocks },
  dismissBehavior: r.dismiss_behavior,
  active: r.active,
  createdAt: new Date(r.created_at).getTime(),
  updatedAt: new Date(r.updated_at).getTime(),
});

/** Announcement banners as the projection has them. */
export class AnnouncementQueries {
  constructor(private readonly db: Knex) {}

  /** Active announcements for these audiences, newest first. */
  async active(audiences: readonly Audience[]): Promise<Announcement[]> {
    const rows: AnnouncementRow[] = await this.db('content_announcements')
      .where({ active: true })
      .whereIn('visible_to', audiences)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
    return rows.map(toAnnouncement);
  }

  async all(): Promise<Announcement[]> {
    const rows: AnnouncementRow[] = await this.db('content_announcements').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
    return rows.map(toAnnouncement);
  }
}
