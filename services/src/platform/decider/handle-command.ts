import { COMMAND_ID_REUSED } from '@verba/contracts/http';
import {
  isEventIdReused,
  isWrongExpectedVersion,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type Position,
} from '../event-store/port';
import { DomainError, type Decider } from './decider';
import { commands, metricsOn } from '../metrics/registry';
import { inSpan, traceCarrier, tracingOn } from '../tracing/tracing';
import type { StreamStateCache } from './state-cache';
import { eventIdFor } from './event-ids';
import { sameData } from '../event-store/retried-append';
import type { EventCodec, EventDefinition, EventOf } from './events';

export interface HandleCommandOptions<C, S, D extends EventDefinition> {
  store: EventStore;
  codec: EventCodec<D>;
  decider: Decider<C, S, EventOf<D>>;
  streamId: string;
  command: C;
  /** Client-made id of the command; the events' ids derive from it (idempotent retries). */
  commandId: string;
  /**
   * Who made the change, stamped as the events' metadata `userId` (the log is the audit trail the admin
   * History tabs read): the signed-in caller, or null for the system (seeds, reactors, webhooks). Required,
   * so no write goes unattributed by omission. Passed, not taken from an AsyncLocalStorage request scope:
   * on Node 20 and 22 one enables promise hooks for every promise, and that cost the API an eighth of its
   * CPU a mark (services/bench/NOTES.md).
   */
  actor: string | null;
  /** Attempts on optimistic-concurrency conflicts before giving up. */
  maxAttempts?: number;
  /** Skips reading the stream when its state is known from a recent decision (see state-cache.ts). */
  stateCache?: StreamStateCache<S>;
  /**
   * For streams that are usually new (a word marked for the first time): decide on the initial state
   * and append expecting no stream, reading the stream only if that conflicts. Same safety as the cache.
   */
  assumeNew?: boolean;
  /**
   * The stream revision the caller last saw (an admin's edit page): when the stream has moved since, the
   * command is refused with a 409 and `conflict` as its message instead of being decided on newer state.
   */
  expectedRevision?: { revision: bigint; conflict: string };
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

/**
 * Whether the events stored under this command's ids are what this command decided on the stream as it
 * stood before them: then this is a retry made after the stream moved on (a count in the events differs),
 * not a command id reused for another request.
 */
async function decidedAlikeBefore<C, S, D extends EventDefinition>(
  o: HandleCommandOptions<C, S, D>,
  earlier: readonly { revision: bigint; data: unknown }[],
): Promise<boolean> {
  const first = earlier.reduce((min, e) => (e.revision < min ? e.revision : min), earlier[0]!.revision);
  let state = o.decider.initialState();
  if (first > 0n)
    for (const r of await o.store.readStream(o.streamId, { fromRevision: 0n, maxCount: Number(first) }))
      state = o.decider.evolve(state, o.codec.decode(r));
  const again = o.decider.decide(o.command, state);
  return again.length === earlier.length && again.every((e, i) => sameData(earlier[i]!.data, o.codec.encode(e, 'retry', {}).data));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Load the stream, decide, append with the expected revision; on a conflict reload and decide again,
 * with jittered back-off, a bounded number of times.
 */
export async function handleCommand<C, S, D extends EventDefinition>(o: HandleCommandOptions<C, S, D>): Promise<CommandResult<EventOf<D>>> {
  if (tracingOn()) return inSpan(`command ${commandName(o.command, o.streamId)}`, { 'verba.stream': o.streamId }, () => counted(o));
  return counted(o);
}

async function counted<C, S, D extends EventDefinition>(o: HandleCommandOptions<C, S, D>): Promise<CommandResult<EventOf<D>>> {
  if (!metricsOn()) return decideAndAppend(o);
  const command = commandName(o.command, o.streamId);
  try {
    const result = await decideAndAppend(o);
    if (result.attempts > 1) commands.inc({ command, outcome: 'conflict', reason: '' }, result.attempts - 1);
    commands.inc({ command, outcome: 'handled', reason: '' });
    return result;
  } catch (e) {
    if (e instanceof ConcurrencyExhaustedError) commands.inc({ command, outcome: 'exhausted', reason: '' });
    else if (e instanceof DomainError) commands.inc({ command, outcome: 'rejected', reason: String(e.status) });
    throw e;
  }
}

/** The command's own type when it names one, else its stream's category (the part before the first '-'). */
const commandName = (command: unknown, streamId: string): string =>
  typeof (command as { type?: unknown }).type === 'string' ? (command as { type: string }).type : streamId.split('-')[0]!;

async function decideAndAppend<C, S, D extends EventDefinition>(o: HandleCommandOptions<C, S, D>): Promise<CommandResult<EventOf<D>>> {
  const maxAttempts = o.maxAttempts ?? 30;
  const cache = o.stateCache;
  for (let attempt = 1; ; attempt++) {
    let state: S;
    let expected: ExpectedRevision;
    const cached =
      attempt === 1 && !o.expectedRevision
        ? (cache?.get(o.streamId) ?? (o.assumeNew ? { expected: 'no_stream' as const, state: o.decider.initialState() } : undefined))
        : undefined;
    if (cached) {
      ({ state, expected } = cached);
    } else {
      const recorded = await o.store.readStream(o.streamId);
      state = o.decider.initialState();
      for (const r of recorded) state = o.decider.evolve(state, o.codec.decode(r));
      // An empty read is usually a new stream; if a first attempt on it conflicted, it may be one whose
      // events are all truncated, so then ask for its revision.
      expected = recorded.length
        ? recorded[recorded.length - 1]!.revision
        : attempt === 1
          ? 'no_stream'
          : ((await o.store.streamRevision(o.streamId)) ?? 'no_stream');
      cache?.set(o.streamId, expected, state);
      if (o.expectedRevision && expected !== o.expectedRevision.revision) throw new DomainError(o.expectedRevision.conflict, 409);
    }
    const events = o.decider.decide(o.command, state);
    if (events.length === 0) {
      if (cached) continue; // "nothing to do" on cached state: confirm it against the store first
      return { events, attempts: attempt };
    }

    // The command's trace goes with its events (when tracing): the projector and the relay continue it.
    const metadata: EventMetadata = { causationId: o.commandId, ...(o.actor ? { userId: o.actor } : {}), ...traceCarrier() };
    const toAppend = events.map((e, i) => o.codec.encode(e, eventIdFor(o.commandId, i), metadata));
    try {
      const { position, nextRevision } = await o.store.append(o.streamId, toAppend, expected);
      cache?.set(
        o.streamId,
        nextRevision,
        events.reduce((s, e) => o.decider.evolve(s, e), state),
      );
      return { events, position, attempts: attempt };
    } catch (e) {
      cache?.delete(o.streamId);
      if (isEventIdReused(e)) {
        if (e.sameShape && (await decidedAlikeBefore(o, e.sameShape.events)))
          return { events, position: e.sameShape.result.position, attempts: attempt };
        throw new DomainError(COMMAND_ID_REUSED, 409);
      }
      if (!isWrongExpectedVersion(e)) throw e;
      if (o.expectedRevision) throw new DomainError(o.expectedRevision.conflict, 409);
      if (attempt >= maxAttempts) {
        throw new ConcurrencyExhaustedError(`${o.streamId}: still conflicting after ${attempt} attempts`);
      }
      // Full jitter keeps a crowd of writers on one stream from colliding in lockstep. The cap grows to a
      // second: on a loaded machine one append takes longer than a short cap, and the crowd would then
      // stay in lockstep, one winner per round, until the last writer ran out of attempts.
      await sleep(Math.random() * Math.min(1000, 2 ** attempt));
    }
  }
}
