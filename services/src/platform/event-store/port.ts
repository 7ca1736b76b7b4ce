/**
 * The event store port. Two adapters implement it (PostgreSQL and EventStoreDB) and one contract suite
 * (contract-suite.ts) runs against each, so the rest of the back end never knows which one it has.
 */

/**
 * A place in the global log: `transaction` orders committed transactions, `sequence` orders events
 * inside one (and across the whole log). What each store keeps in them:
 * - PostgreSQL: `transaction` is the xid8 of the appending transaction, `sequence` the global sequence.
 * - EventStoreDB: `transaction` is the commit position, `sequence` the prepare position.
 * The checkpoint columns keep EventStoreDB's names (commit_position, prepare_position).
 * Positions compare lexicographically; see comparePositions.
 */
export interface Position {
  readonly transaction: bigint;
  readonly sequence: bigint;
}

export const START: Position = Object.freeze({ transaction: 0n, sequence: 0n });

export function comparePositions(a: Position, b: Position): number {
  if (a.transaction !== b.transaction) return a.transaction < b.transaction ? -1 : 1;
  if (a.sequence !== b.sequence) return a.sequence < b.sequence ? -1 : 1;
  return 0;
}

/** Positions travel through HTTP and checkpoints as "transaction.sequence" strings. */
export function formatPosition(p: Position): string {
  return `${p.transaction}.${p.sequence}`;
}

export function parsePosition(text: string): Position {
  const m = /^(\d{1,20})\.(\d{1,20})$/.exec(text);
  if (!m) throw new RangeError(`Not a log position: ${JSON.stringify(text)}`);
  return { transaction: BigInt(m[1]!), sequence: BigInt(m[2]!) };
}

export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  userId?: string;
  [key: string]: unknown;
}

/** An event as a caller hands it to append. */
export interface NewEvent {
  /**
   * Unique id in the whole log. Appending events whose ids are already in the stream, for the same user and
   * with the same types and data (times aside), appends nothing (an idempotent retry); ids held by any other
   * append throw EventIdReusedError (PostgreSQL; EventStoreDB only deduplicates inside a stream).
   */
  id: string;
  type: string;
  /** Schema version of `data`; readers upcast older versions (see events.ts). */
  version: number;
  data: Record<string, unknown>;
  metadata?: EventMetadata;
}

/** An event as the store returns it. */
export interface RecordedEvent {
  id: string;
  streamId: string;
  type: string;
  version: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  /** 0-based position of the event inside its stream. */
  revision: bigint;
  position: Position;
  createdAt: Date;
}

/**
 * Expected revision on append: the stream must not exist, may be in any state, or must be exactly at
 * the given revision (the revision of its last event).
 */
export type ExpectedRevision = 'no_stream' | 'any' | bigint;

export interface AppendResult {
  /** Revision of the last event now in the stream for this append. */
  nextRevision: bigint;
  /** Position of the last appended event; queries wait for it (read-your-writes). */
  position: Position;
}

export interface ReadStreamOptions {
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after?: Position;
  maxCount?: number;
}

export interface StreamMetadata {
  /** Events with a revision below this are hidden from stream reads (soft delete / truncate). */
  truncateBefore?: bigint;
  [key: string]: unknown;
}

export interface Subscription {
  /** Resolves once the subscription has stopped and the handler is no longer running. */
  stop(): Promise<void>;
  /** Resolves when the handler failed (the subscription is then stopped) or the subscription stopped. */
  readonly done: Promise<void>;
  /** Why it stopped on its own: what the handler or the store threw. */
  readonly error: unknown;
}

export interface SubscribeOptions {
  /** Exclusive start; START reads from the beginning. */
  after: Position;
  /** Events handed to the handler at once (catch-up reads that many per query). */
  batchSize?: number;
}

export interface EventStore {
  readonly name: string;
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order; an empty array for a missing or soft-deleted stream. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Current revision of a stream, or undefined when it does not exist or was soft-deleted. */
  streamRevision(streamId: string): Promise<bigint | undefined>;
  /** The global log in order, without gaps: an event is returned only once no earlier one can appear. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up then live: hands batches in global order to `handler`, awaiting each before the next. */
  subscribeToAll(options: SubscribeOptions, handler: (events: RecordedEvent[]) => Promise<void>): Subscription;
  getStreamMetadata(streamId: string): Promise<StreamMetadata>;
  setStreamMetadata(streamId: string, metadata: StreamMetadata): Promise<void>;
  /** Soft delete: the stream reads as empty; appending again continues after the old revision. */
  deleteStream(streamId: string, expected?: ExpectedRevision): Promise<void>;
  /** The position of the newest event readers can see now (START for an empty log). */
  headPosition(): Promise<Position>;
  /**
   * The position of the newest event committed now (START for an empty log). Readers may see it only a
   * moment later, once every transaction before it has ended (PostgreSQL's read horizon): a one-shot
   * read of the whole log (an as-of rebuild, a replay) reads until it, not until the first short page.
   */
  tailPosition(): Promise<Position>;
  /**
   * The log's identity, made at its first use and kept in the log itself (PostgreSQL: es_log; EventStoreDB:
   * the `verba-log` stream). Checkpoints record it, so none is ever applied to another log's positions.
   */
  logId(): Promise<string>;
  close(): Promise<void>;
}

/** Thrown when the expected revision does not match; command handlers reload and retry. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | undefined,
  ) {
    super(
      `Stream ${streamId} is at ${actual === undefined ? 'no stream' : `revision ${actual}`}, expected ${
        typeof expected === 'bigint' ? `revision ${expected}` : expected
      }`,
    );
  }
}

export function isWrongExpectedVersion(e: unknown): e is WrongExpectedVersionError {
  return e instanceof Error && e.name === 'WrongExpectedVersionError';
}

/**
 * Thrown when an append's event ids are already in the log for a different append (another stream, user,
 * event type or content): its command id was reused, so neither retrying nor reporting the earlier append fits.
 */
export class EventIdReusedError extends Error {
  override readonly name = 'EventIdReusedError';
  constructor(
    readonly streamId: string,
    /**
     * The earlier append holding the ids, when it went to the same stream for the same user with the same
     * event types: only its data differs, which a retry decided on a stream that moved on since may do.
     * The command's handler can tell by deciding again on the state before it (handle-command.ts).
     */
    readonly sameShape?: { events: readonly { revision: bigint; data: unknown }[]; result: AppendResult },
  ) {
    super(`Event ids of this append to ${streamId} were already used by a different append`);
  }
}

export function isEventIdReused(e: unknown): e is EventIdReusedError {
  return e instanceof Error && e.name === 'EventIdReusedError';
}
