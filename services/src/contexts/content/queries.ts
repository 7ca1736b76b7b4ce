import type { Knex } from 'knex';
import type { Announcement, Audience } from '@verba/contracts';
import type { AnnouncementRow } from './projections/announcements';

const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  id: r.id,
  visibleTo: r.visible_to,
  content: { blocks: typeof r.blocks === 'string' ? JSON.parse(r.blocks) : r.blocks },
  dismissBehavior: r.dismiss_behavior,
  active: r.active,
  startsAt: r.starts_at ? new Date(r.starts_at).getTime() : null,
  endsAt: r.ends_at ? new Date(r.ends_at).getTime() : null,
  createdAt: new Date(r.created_at).getTime(),
  updatedAt: new Date(r.updated_at).getTime(),
});

/** Announcement banners as the projection has them (the admin's reads are cached by their routes' declaration). */
export class AnnouncementQueries {
  constructor(private readonly db: Knex) {}

  /**
   * Active announcements for these audiences whose schedule includes `now`, newest first; with a user, not
   * the persistent ones they dismissed (in any browser).
   */
  async active(audiences: readonly Audience[], now: Date, userId?: string): Promise<Announcement[]> {
    const rows: AnnouncementRow[] = await this.db('content_announcements')
      .where({ active: true })
      .modify((q) => {
        if (!userId) return;
        q.whereNot((dismissed) =>
          dismissed
            .where({ dismiss_behavior: 'persistent' })
            .whereExists((d) =>
              d
                .select(this.db.raw('1'))
                .from('content_announcement_dismissals')
                .where({ user_id: userId })
                .whereRaw('announcement_id = content_announcements.id'),
            ),
        );
      })
      .whereIn('visible_to', audiences)
      .where((q) => q.whereNull('starts_at').orWhere('starts_at', '<=', now))
      .where((q) => q.whereNull('ends_at').orWhere('ends_at', '>', now))
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
    return rows.map(toAnnouncement);
  }

  /** Every announcement, newest first, a page at a time (admin). */
  async page(page: number, pageSize: number): Promise<{ announcements: Announcement[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.db('content_announcements')
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
        .limit(pageSize)
        .offset((page - 1) * pageSize) as Promise<AnnouncementRow[]>,
      this.db('content_announcements').count({ n: '*' }) as Promise<{ n: string | number }[]>,
    ]);
    return { announcements: rows.map(toAnnouncement), total: Number(count?.n ?? 0) };
  }

  /** One announcement, active or not (admin); null when there is none. */
  async one(id: string): Promise<Announcement | null> {
    const row: AnnouncementRow | undefined = await this.db('content_announcements').where({ id }).first();
    return row ? toAnnouncement(row) : null;
  }
}
