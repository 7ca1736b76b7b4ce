import type { Knex } from 'knex';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent, type Subscription } from './port';
import { WakeUp } from './polling-subscription';
import type { SharedLogReader } from './shared-log-reader';
import { LogSwitchedError, logIdColumnDdl } from './log-identity';

export interface FollowerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: FollowerLogger = { info() {}, warn() {}, error() {} };

export interface FollowerOptions {
  /** Checkpoint name; one running follower per name (a second only causes repeats, never loss). */
  name: string;
  store: EventStore;
  db: Knex;
  /** Does the batch's work; the checkpoint moves past the batch only after it resolved. */
  handle: (batch: RecordedEvent[]) => Promise<void>;
  batchSize?: number;
  /**
   * After a batch smaller than batchSize, wait this long before reading again (fewer, larger batches). For a
   * follower reading alone; a shared `reader` paces all its members (SharedLogReaderOptions).
   */
  minBatchIntervalMs?: number;
  log?: FollowerLogger;
  /** First delay before retrying a failed batch from the checkpoint; doubles up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * Reads the log through this reader, shared with the process's other followers (the relay and the
   * reactors), instead of a read of its own: each event is read and decoded once per process.
   */
  reader?: Pick<SharedLogReader, 'subscribe'>;
  /** Started against another log than its checkpoint's, continue from that log's head instead of refusing. */
  adoptNewLog?: boolean;
}

export async function migrateFollowerCheckpoints(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411003)');
    await trx.raw(`create table if not exists relay_checkpoints (
      name text primary key,
      commit_position bigint not null,
      prepare_position bigint not null,
      updated_at timestamptz not null default now())`);
    await trx.raw(logIdColumnDdl('relay_checkpoints'));
  });
}

/** Moves followers' checkpoints of another log (all, or the one named) to the head of the store's log. */
export async function followersAdoptLog(db: Knex, store: EventStore, name?: string): Promise<string[]> {
  const logId = await store.logId();
  const head = await store.headPosition();
  const rows: { name: string }[] = await db('relay_checkpoints')
    .where((q) => (name ? q.where({ name }) : q))
    .whereNot('log_id', logId)
    .update({
      commit_position: head.transaction.toString(),
      prepare_position: head.sequence.toString(),
      log_id: logId,
      updated_at: db.fn.now(),
    })
    .returning('name');
  return rows.map((r) => r.name);
}

/** Someone else moved the checkpoint (a second follower of the same name): restart from the stored one. */
class CheckpointMoved extends Error {
  override readonly name = 'CheckpointMoved';
}

/**
 * Follows the global log from a stored checkpoint and hands each batch to `handle`, moving the
 * checkpoint only after the batch was handled. Delivery is at-least-once: a crash between handling
 * and the checkpoint repeats that batch on restart, so handlers dedupe by event id. Nothing is ever
 * skipped: a failed batch is logged and retried from the checkpoint with capped exponential back-off.
 * The integration relay (Kafka) and the reactors (emails ...) are both built on it.
 */
export class CheckpointedFollower {
  readonly name: string;
  private readonly o: Required<Omit<FollowerOptions, 'reader'>> & Pick<FollowerOptions, 'reader'>;
  private at: Position | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;
  private sub: Subscription | undefined;
  private readonly stopping = new WakeUp();
  private readonly progressed = new WakeUp();

  constructor(options: FollowerOptions) {
    this.name = options.name;
    this.o = {
      batchSize: 100,
      log: silent,
      retryDelayMs: 100,
      maxRetryDelayMs: 30_000,
      minBatchIntervalMs: 0,
      adoptNewLog: false,
      ...options,
    };
  }

  async start(): Promise<void> {
    if (this.loop) throw new Error(`${this.name} already started`);
    await migrateFollowerCheckpoints(this.o.db);
    await this.claimCheckpoint();
    this.at = await this.storedCheckpoint();
    this.o.log.info({ follower: this.name, at: this.at }, 'log follower starting');
    this.loop = this.follow();
  }

  /** Graceful: lets the in-flight batch finish and checkpoint, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.close();
    await this.sub?.stop();
    await this.loop;
    this.progressed.close();
  }

  /** The checkpoint: everything up to here is handled. Undefined before start. */
  position(): Position | undefined {
    return this.at;
  }

  /** Resolves true once the checkpoint reached `position`, false after `timeoutMs`. */
  async waitFor(position: Position, timeoutMs = 2000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.at && comparePositions(this.at, position) >= 0) return true;
      const left = deadline - Date.now();
      if (left <= 0 || this.stopped) return false;
      await this.progressed.wait(Math.min(left, 25));
    }
  }

  /**
   * Makes the checkpoint if there is none, and checks it is of the store's log (log-identity.ts). Told to
   * adopt another log, it continues from that log's head: a reactor must not act on a whole log's history
   * again (mails, erasures); the relay's consumers get that history with `replay`.
   */
  private async claimCheckpoint(): Promise<void> {
    const logId = await this.o.store.logId();
    const { db } = this.o;
    await db('relay_checkpoints')
      .insert({ name: this.name, commit_position: '0', prepare_position: '0', log_id: logId })
      .onConflict('name')
      .ignore();
    const row = (await db('relay_checkpoints').where({ name: this.name }).first()) as { log_id: string | null };
    if (row.log_id === null) await db('relay_checkpoints').where({ name: this.name }).update({ log_id: logId });
    else if (row.log_id !== logId) {
      if (!this.o.adoptNewLog) throw new LogSwitchedError(`The ${this.name} checkpoint`, row.log_id, logId);
      await followersAdoptLog(db, this.o.store, this.name);
      this.o.log.warn({ follower: this.name, from: row.log_id, to: logId }, 'follows a new log from its head');
    }
  }

  private async storedCheckpoint(): Promise<Position> {
    const row = await this.o.db('relay_checkpoints').where({ name: this.name }).first();
    return row ? { transaction: BigInt(row.commit_position), sequence: BigInt(row.prepare_position) } : START;
  }

  private async follow(): Promise<void> {
    let delay = this.o.retryDelayMs;
    while (!this.stopped) {
      try {
        let at = await this.storedCheckpoint();
        this.at = at;
        const handler = async (batch: RecordedEvent[]) => {
          at = await this.handleAndCheckpoint(batch, at);
          this.at = at;
          delay = this.o.retryDelayMs;
          this.progressed.notify();
          const pause = this.o.minBatchIntervalMs;
          if (pause > 0 && batch.length < this.o.batchSize && !this.stopped) await this.stopping.wait(pause);
        };
        const sub = this.o.reader
          ? this.o.reader.subscribe(at, handler)
          : this.o.store.subscribeToAll({ after: at, batchSize: this.o.batchSize }, handler);
        this.sub = sub;
        if (this.stopped) await sub.stop(); // stop() ran while this loop was setting up
        await sub.done;
        if (this.stopped) return;
        if (sub.error instanceof CheckpointMoved) {
          this.o.log.warn({ follower: this.name }, 'checkpoint moved elsewhere; resuming from it');
          continue;
        }
        throw sub.error ?? new Error('subscription ended');
      } catch (err) {
        if (this.stopped) return;
        this.o.log.error({ err, follower: this.name, retryInMs: delay }, 'batch failed; retrying from the checkpoint');
        await this.stopping.wait(delay);
        delay = Math.min(delay * 2, this.o.maxRetryDelayMs);
      }
    }
  }

  private async handleAndCheckpoint(batch: RecordedEvent[], expected: Position): Promise<Position> {
    await this.o.handle(batch);
    const last = batch[batch.length - 1]!.position;
    const moved = await this.o
      .db('relay_checkpoints')
      .where({ name: this.name, commit_position: expected.transaction.toString(), prepare_position: expected.sequence.toString() })
      .update({ commit_position: last.transaction.toString(), prepare_position: last.sequence.toString(), updated_at: this.o.db.fn.now() });
    if (moved !== 1) throw new CheckpointMoved();
    return last;
  }
}
