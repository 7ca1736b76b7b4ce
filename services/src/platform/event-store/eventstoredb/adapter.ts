import { randomUUID } from 'node:crypto';
/**
 * The EventStoreDB adapter of the event store port (gRPC, @eventstore/db-client).
 *
 * EventStoreDB has the port's model natively: streams with revisions, a global log ($all) ordered by
 * (commit, prepare) positions, idempotent appends by event id, soft delete and $tb (truncateBefore).
 * The schema version of an event travels in its metadata JSON as `$v` (see mapping.ts).
 */
import {
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  START as ESDB_START,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  START,
  WrongExpectedVersionError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port';
import {
  encodeEventMetadata,
  fromEsdbCurrentRevision,
  fromEsdbPosition,
  fromEsdbStreamMetadata,
  isSystemEvent,
  LOG_STREAM,
  toEsdbEventId,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
  toEsdbStreamMetadata,
  toRecordedEvent,
} from './mapping';

/** A subscription that keeps the handler's (or the connection's) failure once `done` resolved. */
export type EventStoreDbSubscription = Subscription & { readonly error: unknown };

const DEFAULT_READ_ALL_COUNT = 1000;
const DEFAULT_BATCH_SIZE = 500;
/** Raw events per $all page; system events are filtered out client-side, so pages overshoot a little. */
const MIN_PAGE = 128;
const MAX_PAGE = 4096;

/** Client errors are matched by their `type` (or class name), not instanceof: the package may be loaded twice. */
function isClientError(e: unknown, type: ErrorType, className: string): boolean {
  if (typeof e !== 'object' || e === null) return false;
  return (e as { type?: unknown }).type === type || (e as object).constructor?.name === className;
}

function isMissingStream(e: unknown): boolean {
  // A soft-deleted stream reads as not found; a tombstoned (hard-deleted) one reads as deleted.
  return (
    isClientError(e, ErrorType.STREAM_NOT_FOUND, 'StreamNotFoundError') || isClientError(e, ErrorType.STREAM_DELETED, 'StreamDeletedError')
  );
}

function mapWriteError(e: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (isClientError(e, ErrorType.WRONG_EXPECTED_VERSION, 'WrongExpectedVersionError')) {
    const actual = (e as { actualVersion?: bigint | string }).actualVersion;
    return new WrongExpectedVersionError(streamId, expected, fromEsdbCurrentRevision(actual));
  }
  return e;
}

export function createEventStoreDbStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const subscriptions = new Set<EventStoreDbSubscription>();

  /** Raw resolved events of one stream read; an empty array when the stream is missing or soft-deleted. */
  async function readStreamRaw(
    streamId: string,
    options: { fromRevision: bigint | typeof ESDB_START | typeof END; maxCount?: number; backwards?: boolean },
  ): Promise<ResolvedEvent[]> {
    const out: ResolvedEvent[] = [];
    try {
      const read = client.readStream(streamId, {
        fromRevision: options.fromRevision,
        direction: options.backwards ? BACKWARDS : FORWARDS,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of read) out.push(resolved);
    } catch (e) {
      if (isMissingStream(e)) return [];
      throw e;
    }
    return out;
  }

  /** Position of the event at `revision` (idempotent appends come back without one). */
  async function positionOf(streamId: string, revision: bigint): Promise<Position> {
    const [resolved] = await readStreamRaw(streamId, { fromRevision: revision, maxCount: 1 });
    const event = resolved && toRecordedEvent(resolved);
    if (event && event.revision === revision) return event.position;
    const [last] = await readStreamRaw(streamId, { fromRevision: END, maxCount: 1, backwards: true });
    const lastEvent = last && toRecordedEvent(last);
    if (lastEvent) return lastEvent.position;
    throw new Error(`EventStoreDB returned no position for ${streamId}@${revision} and the event cannot be read`);
  }

  /**
   * One page of $all forwards from `cursor` (inclusive on the server, so the event at `cursor` is
   * skipped here). Returns the user events, the position of the last raw event and the raw count.
   */
  async function readAllPage(
    cursor: Position,
    pageSize: number,
  ): Promise<{ events: RecordedEvent[]; last: Position | undefined; raw: number }> {
    const events: RecordedEvent[] = [];
    let last: Position | undefined;
    let raw = 0;
    const read = client.readAll({ fromPosition: toEsdbReadPosition(cursor), maxCount: pageSize, direction: FORWARDS });
    for await (const resolved of read as AsyncIterable<AllStreamResolvedEvent>) {
      raw++;
      const event = toRecordedEvent(resolved);
      if (!event) continue;
      last = event.position;
      if (comparePositions(event.position, cursor) <= 0) continue;
      if (isSystemEvent(event.streamId, event.type)) continue;
      events.push(event);
    }
    return { events, last, raw };
  }

  const store: EventStore = {
    name: 'eventstoredb',

    async append(streamId, events, expected): Promise<AppendResult> {
      if (events.length === 0) throw new RangeError('append needs at least one event');
      const expectedRevision = toEsdbExpectedRevision(expected);
      const proposed = events.map((e) => {
        const { eventId, originalId } = toEsdbEventId(e.id);
        return jsonEvent({
          id: eventId,
          type: e.type,
          data: e.data,
          metadata: encodeEventMetadata(e.metadata, e.version, originalId),
        });
      });
      let result;
      try {
        result = await client.appendToStream(streamId, proposed, { expectedRevision });
      } catch (e) {
        throw mapWriteError(e, streamId, expected);
      }
      const nextRevision = result.nextExpectedRevision;
      const position =
        result.position && result.position.commit >= 0n && result.position.prepare >= 0n
          ? fromEsdbPosition(result.position)
          : await positionOf(streamId, nextRevision);
      return { nextRevision, position };
    },

    async readStream(streamId, options: ReadStreamOptions = {}) {
      if (options.maxCount !== undefined && options.maxCount <= 0) return [];
      const fromRevision = options.fromRevision ?? 0n;
      const resolved = await readStreamRaw(streamId, {
        fromRevision: fromRevision <= 0n ? ESDB_START : fromRevision,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      return resolved.map(toRecordedEvent).filter((e): e is RecordedEvent => e !== undefined);
    },

    async streamRevision(streamId) {
      const [last] = await readStreamRaw(streamId, { fromRevision: END, maxCount: 1, backwards: true });
      return last?.event ? BigInt(last.event.revision) : undefined;
    },

    async readAll(options: ReadAllOptions = {}) {
      const maxCount = options.maxCount ?? DEFAULT_READ_ALL_COUNT;
      if (maxCount <= 0) return [];
      const out: RecordedEvent[] = [];
      let cursor = options.after ?? START;
      // The server cannot filter plain $all reads: page until maxCount user events or the end of the log.
      for (;;) {
        const pageSize = Math.min(Math.max(maxCount - out.length + 1, MIN_PAGE), MAX_PAGE);
        const page = await readAllPage(cursor, pageSize);
        for (const e of page.events) {
          if (out.length >= maxCount) break;
          out.push(e);
        }
        if (out.length >= maxCount || page.raw < pageSize || !page.last) return out;
        if (comparePositions(page.last, cursor) <= 0) return out; // no progress: never loop forever
        cursor = page.last;
      }
    },

    subscribeToAll(options: SubscribeOptions, handler) {
      const sub = subscribeToAll(client, options, handler, () => subscriptions.delete(sub));
      subscriptions.add(sub);
      return sub;
    },

    async getStreamMetadata(streamId) {
      const result = await client.getStreamMetadata(streamId);
      return fromEsdbStreamMetadata(result.metadata);
    },

    async setStreamMetadata(streamId, metadata) {
      await client.setStreamMetadata(streamId, toEsdbStreamMetadata(metadata));
    },

    async deleteStream(streamId, expected: ExpectedRevision = 'any') {
      try {
        await client.deleteStream(streamId, { expectedRevision: toEsdbExpectedRevision(expected) });
      } catch (e) {
        throw mapWriteError(e, streamId, expected);
      }
    },

    // $all has no read horizon: what is committed is readable.
    tailPosition: () => store.headPosition(),

    // The first event of LOG_STREAM names the log; the first process to find none writes it (no_stream,
    // so of two at once one wins and the other reads the winner's).
    async logId(): Promise<string> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const [first] = await store.readStream(LOG_STREAM, { maxCount: 1 });
        if (first) return String(first.data.id);
        try {
          await store.append(
            LOG_STREAM,
            [{ id: randomUUID(), type: 'verba.LogIdentified', version: 1, data: { id: randomUUID() } }],
            'no_stream',
          );
        } catch (e) {
          if (!(e instanceof WrongExpectedVersionError)) throw e;
        }
      }
      throw new Error(`${LOG_STREAM} could not be read or written`);
    },

    async headPosition(): Promise<Position> {
      let from: Position | undefined; // undefined: from the end of the log
      for (;;) {
        let raw = 0;
        let last: Position | undefined;
        let found: Position | undefined;
        const read = client.readAll({
          fromPosition: from ? { commit: from.transaction, prepare: from.sequence } : END,
          maxCount: MIN_PAGE,
          direction: BACKWARDS,
        });
        for await (const resolved of read as AsyncIterable<AllStreamResolvedEvent>) {
          raw++;
          const event = toRecordedEvent(resolved);
          if (!event) continue;
          // Guard against an inclusive start of a backwards page.
          if (from && comparePositions(event.position, from) >= 0) continue;
          last = event.position;
          if (!found && !isSystemEvent(event.streamId, event.type)) found = event.position;
        }
        if (found) return found;
        if (raw < MIN_PAGE || !last) return START;
        from = last;
      }
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      await client.dispose();
    },
  };
  return store;
}

/**
 * Catch-up then live subscription to $all. The client's subscription is a Readable in paused mode:
 * the loop takes what is buffered (up to batchSize) as one batch and does not read while the handler
 * runs, so the stream's buffer fills and gRPC flow control holds the server back (no unbounded memory).
 */
function subscribeToAll(
  client: EventStoreDBClient,
  options: SubscribeOptions,
  handler: (events: RecordedEvent[]) => Promise<void>,
  onEnd: () => void,
): EventStoreDbSubscription {
  const after = options.after;
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
  const stream = client.subscribeToAll(
    { fromPosition: toEsdbReadPosition(after), filter: excludeSystemEvents() },
    { highWaterMark: batchSize },
  );

  let stopped = false;
  let error: unknown;
  let streamError: unknown;
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  stream.on('readable', notify);
  stream.on('end', () => {
    ended = true;
    notify();
  });
  stream.on('close', () => {
    ended = true;
    notify();
  });
  stream.on('error', (e: Error) => {
    streamError ??= e;
    notify();
  });

  async function loop(): Promise<void> {
    while (!stopped) {
      const batch: RecordedEvent[] = [];
      while (batch.length < batchSize) {
        const resolved = stream.read() as AllStreamResolvedEvent | null;
        if (resolved === null) break;
        const event = toRecordedEvent(resolved);
        if (!event || isSystemEvent(event.streamId, event.type)) continue;
        // The subscription starts after `after`; the check keeps that true whatever the server does.
        if (comparePositions(event.position, after) <= 0) continue;
        batch.push(event);
      }
      if (batch.length > 0) {
        if (stopped) return;
        await handler(batch);
        continue;
      }
      if (stopped) return;
      if (streamError !== undefined) throw streamError;
      if (ended) throw new Error('EventStoreDB ended the subscription to $all');
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }

  let closing: Promise<void> | undefined;
  const closeStream = () =>
    (closing ??= (async () => {
      await stream.unsubscribe().catch(() => undefined);
      stream.destroy();
    })());

  const done: Promise<void> = loop()
    .catch((e: unknown) => {
      // A handler failure is always kept; a stream error after stop() is just the unsubscribe.
      if (!stopped || e !== streamError) error = e;
    })
    .finally(async () => {
      stopped = true;
      await closeStream();
      onEnd();
    });

  return {
    get error() {
      return error;
    },
    done,
    async stop() {
      stopped = true;
      notify();
      await done;
    },
  };
}
