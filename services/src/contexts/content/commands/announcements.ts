import { randomUUID } from 'node:crypto';
import type { AnnouncementInput } from '@verba/contracts';
import { eventIdFor } from '../../../platform/decider/event-ids';
import { EventCodec } from '../../../platform/decider/events';
import { handleCommand } from '../../../platform/decider/handle-command';
import type { EventStore, Position } from '../../../platform/event-store/port';
import { announcementDecider, type AnnouncementCommand } from '../decider';
import { announcementStream, contentEvents } from '../events';

const codec = new EventCodec([...contentEvents]);

/** Announcement banners: admins write them as events; queries.ts reads the projection. */
export class AnnouncementCommands {
  constructor(
    private readonly store: EventStore,
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

  private async run(command: AnnouncementCommand, commandId: string = randomUUID()): Promise<{ position?: Position }> {
    const { position } = await handleCommand({
      store: this.store,
      codec,
      decider: announcementDecider,
      streamId: announcementStream(command.id),
      command,
      commandId,
      actor: command.by,
    });
    return position ? { position } : {};
  }
}
