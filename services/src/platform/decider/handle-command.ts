import {
  isWrongExpectedVersion,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type Position,
} from '../event-store/port';
import type { Decider } from './decider';
import { eventIdFor } from './event-ids';
import type { EventCodec, EventDefinition, EventOf } from './events';

export interface HandleCommandOptions<C, S, D extends EventDefinition> {
  store: EventStore;
  codec: EventCodec<D>;
  decider: Decider<C, S, EventOf<D>>;
  streamId: string;
  command: C;
  /** Client-made id of the command; the events' ids derive from it (idempotent retries). */
  commandId: string;
  metadata?: EventMetadata;
  /** Attempts on optimistic-concurrency conflicts before giving up. */
  maxAttempts?: number;
}

export interface CommandResult<E> {
  events: E[];
  /** Where the last event landed; undefined when the command changed nothing. */
  position?: Position;
  attempts: number;
}

export class ConcurrencyExhaustedError extends Error {
  override readonly name = 'ConcurrencyExhaustedError';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Load the stream, decide, append with the expected revision; on a conflict reload and decide again,
 * with jittered back-off, a bounded number of times.
 */
export async function handleCommand<C, S, D extends EventDefinition>(
  o: HandleCommandOptions<C, S, D>,
): Promise<CommandResult<EventOf<D>>> {
  const maxAttempts = o.maxAttempts ?? 30;
  for (let attempt = 1; ; attempt++) {
    const recorded = await o.store.readStream(o.streamId);
    let state = o.decider.initialState();
    for (const r of recorded) state = o.decider.evolve(state, o.codec.decode(r));
    const events = o.decider.decide(o.command, state);
    if (events.length === 0) return { events, attempts: attempt };

    // An empty read can still be a stream whose events are all truncated: ask for its revision then.
    const expected: ExpectedRevision = recorded.length
      ? recorded[recorded.length - 1]!.revision
      : ((await o.store.streamRevision(o.streamId)) ?? 'no_stream');
    const metadata: EventMetadata = { ...o.metadata, causationId: o.commandId };
    const toAppend = events.map((e, i) => o.codec.encode(e, eventIdFor(o.commandId, i), metadata));
    try {
      const { position } = await o.store.append(o.streamId, toAppend, expected);
      return { events, position, attempts: attempt };
    } catch (e) {
      if (!isWrongExpectedVersion(e)) throw e;
      if (attempt >= maxAttempts) {
        throw new ConcurrencyExhaustedError(`${o.streamId}: still conflicting after ${attempt} attempts`);
      }
      // Full jitter keeps a crowd of writers on one stream from colliding in lockstep.
      await sleep(Math.random() * Math.min(100, 2 ** attempt));
    }
  }
}
