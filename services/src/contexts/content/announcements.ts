import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Announcement, AnnouncementInput, Audience } from '@verba/contracts';
import { eventIdFor } from '../../platform/decider/event-ids';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import type { EventStore, Position } from '../../platform/event-store/port';
import { announcementDecider, type AnnouncementCommand } from './decider';
import { announcementStream, contentEvents } from './events';
import type { AnnouncementRow } from './projections/announcements';

const codec = new EventCodec([...contentEvents]);

const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  id: r.id,
  visibleTo: r.visible_to,
  content: { blocks: typeof r.blocks === 'string' ? JSON.parse(r.blocks) : r.blocks },
  dismissBehavior: r.dismiss_behavior,
  active: r.active,
  createdAt: new Date(r.created_at).getTime(),
  updatedAt: new Date(r.updated_at).getTime(),
});

/** Announcement banners: admins write them as events; everyone reads the projection. */
export class AnnouncementService {
  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The id derives from the command id, so a retried create neither fails nor makes a second banner. */
  async publish(input: AnnouncementInput, by: string, commandId: string = randomUUID()): Promise<{ id: string; position?: Position }> {
    const id = eventIdFor(commandId, 'announcement');
    const { position } = await this.run({ kind: 'publish', id, input, by, at: this.now().toISOString() }, commandId);
    return { id, ...(position ? { position } : {}) };
  }

  revise(id: string, input: AnnouncementInput, by: string) {
    return this.run({ kind: 'revise', id, input, by, at: this.now().toISOString() });
  }

  delete(id: string, by: string) {
    return this.run({ kind: 'delete', id, by, at: this.now().toISOString() });
  }

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

  private async run(command: AnnouncementCommand, commandId: string = randomUUID()): Promise<{ position?: Position }> {
    const { position } = await handleCommand({
      store: this.store,
      codec,
      decider: announcementDecider,
      streamId: announcementStream(command.id),
      command,
      commandId,
      metadata: { userId: command.by },
    });
    return position ? { position } : {};
  }
}
