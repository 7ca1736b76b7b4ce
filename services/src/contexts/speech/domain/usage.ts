import { randomUUID } from 'node:crypto';
import { FREE_TTS_CALLS_PER_MONTH, ttsAllowance, type Subscription, type TtsLimits, type VoiceId } from '@verba/contracts';
import { EventCodec } from '../../../platform/decider/events';
import { fold } from '../../../platform/decider/decider';
import { handleCommand } from '../../../platform/decider/handle-command';
import { lastEventOnly } from '../../../platform/decider/last-event-view';
import { StreamStateCache } from '../../../platform/decider/state-cache';
import type { EventStore, Position } from '../../../platform/event-store/port';
import { usageDecider } from '../decider';
import { speechEvents, usageStream, utcMonth } from '../events';

const codec = new EventCodec([...speechEvents]);

export interface Allowance {
  month: string;
  used: number;
  limit: number | null;
  remaining: number | 'unlimited';
  allowed: boolean;
}

/**
 * The monthly text-to-speech counter: exact under concurrency because every count is an append at an
 * expected revision. Each event carries the month's running count, so decisions read the last event only.
 */
export class TtsUsage {
  private readonly lastOnly: EventStore;
  private readonly states = new StreamStateCache<TtsLimits>(10_000);
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date,
  ) {
    this.lastOnly = lastEventOnly(store);
  }

  /** Counts one call now, or throws the 403 with the spec's message when the month's allowance is used up. */
  async count(userId: string, subscription: Subscription, voiceId: VoiceId): Promise<Position | undefined> {
    // One at a time per user in this process: parallel calls would only conflict on the stream and retry.
    // Other processes are still kept exact by the expected revision.
    return this.serialized(userId, () => this.append(userId, subscription, voiceId));
  }

  private async append(userId: string, subscription: Subscription, voiceId: VoiceId): Promise<Position | undefined> {
    const at = this.now();
    const month = utcMonth(at);
    const result = await handleCommand({
      store: this.lastOnly,
      codec,
      decider: usageDecider,
      streamId: usageStream(userId, month),
      command: { userId, subscription, voiceId, month, at },
      commandId: randomUUID(),
      actor: userId,
      stateCache: this.states,
    });
    return result.position;
  }

  private serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  async allowance(userId: string, subscription: Subscription): Promise<Allowance> {
    const at = this.now();
    const month = utcMonth(at);
    const recorded = await this.lastOnly.readStream(usageStream(userId, month));
    const state = fold(
      usageDecider,
      recorded.map((r) => codec.decode(r)),
    );
    const { allowed } = ttsAllowance(subscription, state, at.getTime());
    const used = state.ttsApiCalls;
    const master = subscription === 'master';
    return {
      month,
      used,
      limit: master ? null : FREE_TTS_CALLS_PER_MONTH,
      remaining: master ? 'unlimited' : Math.max(0, FREE_TTS_CALLS_PER_MONTH - used),
      allowed,
    };
  }
}
