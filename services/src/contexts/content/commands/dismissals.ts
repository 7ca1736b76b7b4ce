import { EventCodec } from '../../../platform/decider/events';
import { DomainError, fold } from '../../../platform/decider/decider';
import { handleCommand } from '../../../platform/decider/handle-command';
import type { EventStore, Position } from '../../../platform/event-store/port';
import { ANNOUNCEMENT_NOT_FOUND, announcementDecider, dismissalDecider } from '../decider';
import { announcementStream, contentEvents, dismissalEvents, dismissalStream } from '../events';

const announcements = new EventCodec([...contentEvents]);
const codec = new EventCodec([...dismissalEvents]);

/** A learner's lasting banner dismissals, kept on their account (the shell's dismissals.ts sends them). */
export class DismissalCommands {
  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** From the log, not the read model: a banner published a moment ago can be dismissed; a deleted one cannot. */
  async dismiss(userId: string, announcementId: string, commandId: string = crypto.randomUUID()): Promise<{ position?: Position }> {
    const banner = fold(
      announcementDecider,
      (await this.store.readStream(announcementStream(announcementId))).map((r) => announcements.decode(r)),
    );
    if (banner.status !== 'live') throw new DomainError(ANNOUNCEMENT_NOT_FOUND, 404);
    const { position } = await handleCommand({
      store: this.store,
      codec,
      decider: dismissalDecider,
      streamId: dismissalStream(userId),
      command: { kind: 'dismiss', announcementId, userId, at: this.now().toISOString() },
      commandId,
      actor: userId,
    });
    return position ? { position } : {};
  }
}
