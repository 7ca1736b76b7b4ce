import { randomUUID } from 'node:crypto';
import type { PromptKind } from '@verba/contracts';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import { lastEventOnly } from '../../platform/decider/last-event-view';
import type { EventStore, Position } from '../../platform/event-store/port';
import { promptDecider } from './decider';
import { promptStream, translationEvents } from './events';

const codec = new EventCodec([...translationEvents]);

/** An admin changes a prompt; a prompt stream's decisions need only its last event. */
export class TranslationCommands {
  private readonly store: EventStore;

  constructor(
    store: EventStore,
    private readonly now: () => Date,
  ) {
    this.store = lastEventOnly(store);
  }

  async updatePrompt(kind: PromptKind, prompt: string, adminId: string, commandId: string = randomUUID()): Promise<{ changed: boolean; position?: Position }> {
    const result = await handleCommand({
      store: this.store,
      codec,
      decider: promptDecider,
      streamId: promptStream(kind),
      command: { kind, prompt, updatedBy: adminId, at: this.now().toISOString() },
      commandId,
      metadata: { userId: adminId },
    });
    return { changed: result.events.length > 0, ...(result.position ? { position: result.position } : {}) };
  }
}
