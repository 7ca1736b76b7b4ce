import { recordProjection, type Applied, type ProjectionNote } from '../metrics/projection-metrics';
import { inBatchSpan, SpanKind, tracingOn } from '../tracing/tracing';
import type { Knex } from 'knex';
import { HOT_STATEMENT } from '../db/knex';
import { trustingAppendValidation } from '../decider/events';
import { ReusedTransactions } from '../db/reused-transactions';
import { LogSwitchedError } from '../event-store/log-identity';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent } from '../event-store/port';
import { WakeUp } from '../event-store/polling-subscription';
import { BEGIN_READ_MODEL_WRITE_SQL } from '../event-store/postgres/read-horizon';
import {
  applyStatements,
  generationTables,
  type ApplyContext,
  type BulkFold,
  type CommittedEvent,
  type Projection,
  type WriteStatement,
} from './projection';
import { eventsAfter } from '../event-store/events-after';
import { projectionsDdl } from './schema';
import { SharedLogReader } from '../event-store/shared-log-reader';
import { BatchGroup, ProjectionMoved } from './batch-group';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: Logger = { info() {}, warn() {}, error() {} };

/**
 * How long projectors let appends gather after a wake-up before reading them (the store's coalesceMs).
 * Each batch costs every interested projection a transaction, so under load a few milliseconds of
 * waiting makes batches several times larger and the database's work per event smaller; read-your-
 * writes pays those milliseconds once. 2 rather than 4 since appends commit in groups themselves (one
 * append transaction in flight): the same CPU a mark, busy read-your-writes p99 52-74 ms against 68-103
 * (services/bench/NOTES.md).
 */
export const PROJECTOR_COALESCE_MS = 2;

/** How long a projection's stored checkpoint trails batches that had nothing for it (twice that after a pause). */
const IDLE_CHECKPOINT_MS = 1000;

/** An idle move this late means batches stopped meanwhile (under load they come every 10-80 ms). */
const OVERDUE_AFTER_QUIET_MS = 100;

/**
 * When a projection idle since `since` next moves its stored checkpoint: at the next tick of its own
 * clock, every `periodMs` at offset `phaseMs`, so at most `periodMs` later. Projections get phases spread
 * over the period: with one common clock they all moved in the same batch once a second, and the shared
 * reader waited for a dozen transactions on a pool of four (a read-your-writes tail of 35-45 ms against
 * 10-15 ms for other batches).
 */
function nextIdleCheckpoint(since: number, periodMs: number, phaseMs: number): number {
  const into = (((since - phaseMs) % periodMs) + periodMs) % periodMs;
  return since + periodMs - into;
}

export interface RunnerOptions {
  store: EventStore;
  db: Knex;
  projections: readonly Projection[];
  batchSize?: number;
  log?: Logger;
  /** First delay before a failed projection retries from its checkpoint; doubles up to 30 s. */
  retryDelayMs?: number;
  /**
   * Told after every batch. When given, it replaces the projections' own afterCommit hooks (the
   * projector then runs in a worker thread and the hooks run where the caches are: see worker-host.ts).
   */
  onProgress?: (projection: string, position: Position, committed: CommittedEvent[] | undefined) => void;
  /** Where batches applied, failures and rebuild progress are counted (default: this thread's metrics). */
  metrics?: (note: ProjectionNote) => void;
  /** Rebuild projections that offer a bulk fold with it (default true; false measures the batch path). */
  bulkRebuilds?: boolean;
  /** Events a page when a bulk rebuild reads the log (default 20,000: fewer round trips, same memory bound). */
  bulkPageSize?: number;
  /** Longest time a stored checkpoint trails batches with nothing for its projection (default 1 s). */
  idleCheckpointMs?: number;
  /** Started against another log than the checkpoints', rebuild every read model from it instead of refusing. */
  adoptNewLog?: boolean;
}

/**
 * Where a rebuild's time went, in milliseconds: `read` is time spent waiting for log pages (reading that
 * overlaps folding is not counted), `catchUp` the batch-by-batch pass over what was appended meanwhile.
 */
export interface RebuildPhases {
  setup: number;
  read: number;
  fold: number;
  write: number;
  catchUp: number;
  switch: number;
  drop: number;
}

export async function migrateProjections(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411002)');
    await trx.raw(projectionsDdl);
  });
}

function toPosition(row: { commit_position: string; prepare_position: string }): Position {
  return { transaction: BigInt(row.commit_position), sequence: BigInt(row.prepare_position) };
}

/**
 * Runs projections: each follows the global log from its checkpoint and applies every batch and the
 * checkpoint move in one transaction, so a crash at any point neither skips nor repeats an event. One
 * SharedLogReader reads the log for all of them (one more for each pace of paced projections:
 * Projection.minBatchIntervalMs); the live batches it hands out together commit in one transaction where
 * they can (batch-group.ts), each with its own checkpoint.
 */
export class ProjectionRunner {
  private readonly store: EventStore;
  private readonly db: Knex;
  /** Batches' transactions (reused-transactions.ts: knex's own cost more than the batch's statements). */
  private readonly transactions: ReusedTransactions;
  /** Live batches handed out together commit together (batch-group.ts). */
  private readonly batchGroup: BatchGroup;
  private readonly projections: Map<string, Projection>;
  private readonly batchSize: number;
  private readonly log: Logger;
  private readonly retryDelayMs: number;
  private readonly onProgress: RunnerOptions['onProgress'];
  private readonly metrics: NonNullable<RunnerOptions['metrics']>;
  private readonly positions = new Map<string, Position>();
  private readonly progressed = new WakeUp();
  private readonly loops: Promise<void>[] = [];
  private readonly stopSubs = new Set<() => Promise<void>>();
  /** The log's readers: one for the projections applying every batch, one per pace of the paced ones. */
  private readonly readers = new Map<number, SharedLogReader>();
  private readonly bulkRebuilds: boolean;
  private readonly bulkPageSize: number;
  private readonly idleCheckpointMs: number;
  private readonly adoptNewLog: boolean;
  private stopped = false;

  constructor(options: RunnerOptions) {
    this.store = options.store;
    this.db = options.db;
    this.transactions = new ReusedTransactions(options.db);
    this.batchGroup = new BatchGroup(this.transactions);
    this.projections = new Map(options.projections.map((p) => [p.name, p]));
    this.batchSize = options.batchSize ?? 500;
    this.log = options.log ?? silent;
    this.retryDelayMs = options.retryDelayMs ?? 100;
    this.onProgress = options.onProgress;
    this.metrics = options.metrics ?? recordProjection;
    this.bulkRebuilds = options.bulkRebuilds ?? true;
    this.bulkPageSize = options.bulkPageSize ?? 20_000;
    this.idleCheckpointMs = options.idleCheckpointMs ?? IDLE_CHECKPOINT_MS;
    this.adoptNewLog = options.adoptNewLog ?? false;
  }

  /** Creates bookkeeping, builds new or changed read models (blue/green), then follows the log live. */
  async start(): Promise<void> {
    await onLiveConnection(() => migrateProjections(this.db));
    await this.claimCheckpoints();
    for (const p of this.projections.values()) {
      const state = await onLiveConnection(() => this.db('projection_state').where({ name: p.name }).first());
      if (!state || state.version !== p.version) await this.rebuild(p.name);
    }
    for (const p of this.projections.values()) this.loops.push(this.follow(p));
  }

  /**
   * Checks that the checkpoints are of the store's log (log-identity.ts), recording it on those made
   * before logs had identities. Against another log: refuses, or when told to, rebuilds every read model
   * from this log (blue/green, so each is served until its new generation has caught up).
   */
  private async claimCheckpoints(): Promise<void> {
    const logId = await this.store.logId();
    const names = [...this.projections.keys()];
    const foreign = await onLiveConnection(() =>
      this.db('projection_checkpoints').whereIn('name', names).whereNotNull('log_id').whereNot('log_id', logId).first('log_id', 'name'),
    );
    if (foreign) {
      if (!this.adoptNewLog)
        throw new LogSwitchedError(`The read models in this database (${foreign.name} and others)`, foreign.log_id, logId);
      this.log.warn({ from: foreign.log_id, to: logId }, 'the log changed: rebuilding every read model from it');
      for (const name of names) await this.rebuild(name);
    }
    await onLiveConnection(() => this.db('projection_checkpoints').whereNull('log_id').update({ log_id: logId }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.stopSubs].map((s) => s()));
    await Promise.all(this.loops);
    this.progressed.close();
  }

  /** Where each projection this process runs stands (metrics). */
  appliedPositions(): ReadonlyMap<string, Position> {
    return this.positions;
  }

  /** The position this process has applied for a projection, if it runs it. */
  position(name: string): Position | undefined {
    return this.positions.get(name);
  }

  /**
   * Read-your-writes: resolves true once every named projection (all by default) has applied `position`,
   * false when `timeoutMs` passed first. Projections run by another process are read from their checkpoint.
   */
  async waitFor(position: Position, options: { projections?: string[]; timeoutMs?: number } = {}): Promise<boolean> {
    const names = options.projections ?? [...this.projections.keys()];
    const deadline = Date.now() + (options.timeoutMs ?? 2000);
    for (;;) {
      const behind = names.filter((n) => {
        const at = this.positions.get(n);
        return !at || comparePositions(at, position) < 0;
      });
      if (behind.length === 0) return true;
      const remote = await onLiveConnection(() => this.storedPositions(behind.filter((n) => !this.positions.has(n))));
      if (
        behind.every((n) => {
          const at = remote.get(n);
          return at !== undefined && comparePositions(at, position) >= 0;
        })
      ) {
        return true;
      }
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.progressed.wait(Math.min(left, 25));
    }
  }

  private async storedPositions(names: string[]): Promise<Map<string, Position>> {
    if (names.length === 0) return new Map();
    const rows = await this.db('projection_checkpoints as c')
      .join('projection_state as s', function join() {
        this.on('s.name', '=', 'c.name').andOn('s.active_generation', '=', 'c.generation');
      })
      .whereIn('c.name', names)
      .select('c.name', 'c.commit_position', 'c.prepare_position');
    return new Map(rows.map((r: { name: string; commit_position: string; prepare_position: string }) => [r.name, toPosition(r)]));
  }

  private async follow(p: Projection): Promise<void> {
    let delay = this.retryDelayMs;
    while (!this.stopped) {
      try {
        const state = await this.db('projection_state').where({ name: p.name }).first();
        const cp = await this.db('projection_checkpoints').where({ name: p.name, generation: state.active_generation }).first();
        // `stored` is the checkpoint in the database; the position in memory may run ahead of it over
        // batches with nothing for this projection, which are not worth a transaction (re-reading them
        // after a crash changes nothing). The checkpoint catches up with the next relevant batch or
        // within idleCheckpointMs, so other processes waiting on it are not kept waiting long.
        let stored = toPosition(cp);
        const period = this.idleCheckpointMs;
        const phase = (period * [...this.projections.keys()].indexOf(p.name)) / this.projections.size;
        // Set by the first batch the stored checkpoint does not cover. Found overdue by more than a few
        // batches' time, the log was quiet meanwhile and every projection is overdue: move at this one's
        // next tick instead (once), not all in the first batch after the pause.
        let idleDue: number | undefined;
        let deferred = false;
        const generation: number = state.active_generation;
        this.positions.set(p.name, stored);
        let applied: Applied | undefined;
        const sub = this.readerFor(p).subscribe(stored, async (batch) => {
          const relevant = batch.some((e) => wants(p, e));
          const now = Date.now();
          idleDue ??= nextIdleCheckpoint(now, period, phase);
          if (!relevant && !deferred && now - idleDue > OVERDUE_AFTER_QUIET_MS) {
            idleDue = nextIdleCheckpoint(now, period, phase);
            deferred = true;
          }
          if (relevant || now >= idleDue) {
            const started = process.hrtime.bigint();
            stored =
              relevant && tracingOn()
                ? await inBatchSpan(
                    `projection apply ${p.name}`,
                    SpanKind.CONSUMER,
                    batch.filter((e) => wants(p, e)),
                    { 'verba.projection': p.name },
                    () => this.applyLive(p, generation, batch, stored),
                    { libraries: false },
                  )
                : await this.applyLive(p, generation, batch, stored);
            if (relevant)
              applied = { events: batch.filter((e) => wants(p, e)).length, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
            idleDue = undefined;
            deferred = false;
            if (relevant && !this.onProgress) p.afterCommit?.(committedOf(p, batch));
          }
          const position = batch[batch.length - 1]!.position;
          if (applied) this.metrics({ projection: p.name, kind: 'applied', applied });
          applied = undefined;
          if (this.onProgress) this.onProgress(p.name, position, relevant && p.afterCommit ? committedOf(p, batch) : undefined);
          this.positions.set(p.name, position);
          delay = this.retryDelayMs;
          this.progressed.notify();
        });
        const stop = () => sub.stop();
        this.stopSubs.add(stop);
        if (this.stopped) await sub.stop(); // stop() ran while this loop was still setting up
        await sub.done;
        this.stopSubs.delete(stop);
        if (this.stopped) return;
        if (sub.error instanceof ProjectionMoved) continue;
        throw sub.error ?? new Error('subscription ended');
      } catch (e) {
        if (this.stopped) return;
        this.metrics({ projection: p.name, kind: 'failed' });
        this.log.error({ err: e, projection: p.name }, 'projection failed; retrying from its checkpoint');
        // The last failure, for the admin operations page in any process; best effort (the database may be what failed).
        await this.db
          .raw(
            'insert into projection_errors (name, at, message) values (?, now(), ?) on conflict (name) do update set at = now(), message = excluded.message',
            [p.name, String((e as Error)?.message ?? e).slice(0, 1000)],
          )
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 30_000);
      }
    }
  }

  private readerFor(p: Projection): SharedLogReader {
    const pace = p.minBatchIntervalMs ?? 0;
    let reader = this.readers.get(pace);
    if (!reader) this.readers.set(pace, (reader = new SharedLogReader(this.store, this.batchSize, { minBatchIntervalMs: pace })));
    return reader;
  }

  /** A live batch: committed with the other projections' batches of the same delivery where it can be. */
  private async applyLive(p: Projection, generation: number, batch: RecordedEvent[], from: Position): Promise<Position> {
    const to = batch[batch.length - 1]!.position;
    const wanted = p.eventTypes ? batch.filter((e) => wants(p, e)) : batch;
    const upkeep: [string, readonly Knex.RawBinding[]][] = [];
    const ctx = {
      t: generationTables(generation),
      maintain: (sql: string, bindings: readonly Knex.RawBinding[]) => void upkeep.push([sql, bindings]),
    };
    // A projection that offers its writes as statements plans them once, whichever way they are sent.
    // Planning is synchronous, so it reads the events' data as a rebuild does (trustingAppendValidation):
    // validated on append, not parsed again (that parse was a seventh of the projector thread's allocation).
    let planned: WriteStatement[] | undefined;
    const plan = () => trustingAppendValidation(() => p.statements!(wanted, ctx));
    const statements = wanted.length === 0 ? () => [] : p.statements ? () => (planned ??= plan()) : undefined;
    const write = async (trx: Knex.Transaction) => {
      if (statements) return applyStatements(statements(), trx);
      upkeep.length = 0; // only the attempt that commits leaves upkeep
      await p.apply(wanted, { trx, ...ctx });
    };
    await this.batchGroup.submit({
      name: p.name,
      generation,
      from,
      to,
      write,
      ...(statements ? { statements } : {}),
      alone: (timedWrite) => this.inTransaction(p, generation, from, to, true, timedWrite),
    });
    this.runUpkeep(p, upkeep);
    return to;
  }

  /** Applies a rebuild's batch (or its bulk write, moving to `bulk.to`) and moves the checkpoint in one transaction. */
  private async applyBatch(
    p: Projection,
    generation: number,
    batch: RecordedEvent[],
    expectedAt: Position,
    bulk?: { to: Position; write: (ctx: ApplyContext) => Promise<void> },
  ): Promise<Position> {
    const last = bulk ? bulk.to : batch[batch.length - 1]!.position;
    const wanted = p.eventTypes ? batch.filter((e) => wants(p, e)) : batch;
    const upkeep: [string, readonly Knex.RawBinding[]][] = [];
    await this.inTransaction(p, generation, expectedAt, last, false, async (trx) => {
      const ctx: ApplyContext = { trx, t: generationTables(generation), maintain: (sql, bindings) => void upkeep.push([sql, bindings]) };
      if (bulk) await bulk.write(ctx);
      else if (wanted.length > 0) await p.apply(wanted, ctx);
    });
    this.runUpkeep(p, upkeep);
    return last;
  }

  /** Moves the checkpoint from `expectedAt` to `to` and runs `write`, in one transaction. */
  private async inTransaction(
    p: Projection,
    generation: number,
    expectedAt: Position,
    to: Position,
    mustBeActive: boolean,
    write: (trx: Knex.Transaction) => Promise<void>,
  ): Promise<void> {
    const moveTo = [
      to.transaction.toString(),
      to.sequence.toString(),
      p.name,
      generation,
      expectedAt.transaction.toString(),
      expectedAt.sequence.toString(),
    ];
    await this.transactions.run(async (trx) => {
      // One round trip locks the state row and moves the checkpoint from where this batch expects it. The
      // state row is what a rebuild locks to switch generations, so a switch and a live batch never
      // overlap: a batch that started before the switch commits first (and the switch sees its
      // checkpoint), one that starts after sees the new generation. The checkpoint row makes a second
      // runner of the same projection wait, then find it moved (no row updated). The same query marks the
      // transaction as a read-model writer, so readers of the log do not wait for it (see
      // event-store/postgres/read-horizon.ts); it must never append. A failure below rolls the move back.
      const move = `update projection_checkpoints set commit_position = ?, prepare_position = ?, updated_at = now()
                    where name = ? and generation = ? and commit_position = ? and prepare_position = ? returning 1`;
      const row = await trx
        .raw(
          mustBeActive
            ? `with s as (select active_generation from projection_state where name = ? for update), c as (${move})
             select ${BEGIN_READ_MODEL_WRITE_SQL}, (select active_generation from s) as active_generation, (select count(*) from c)::int as moved`
            : `with c as (${move}) select ${BEGIN_READ_MODEL_WRITE_SQL}, null as active_generation, (select count(*) from c)::int as moved`,
          mustBeActive ? [p.name, ...moveTo] : moveTo,
        )
        .options(HOT_STATEMENT);
      const cp = row.rows[0] as { active_generation: number | null; moved: number };
      if (cp.moved !== 1) throw new ProjectionMoved('checkpoint moved');
      if (mustBeActive && cp.active_generation !== generation) throw new ProjectionMoved('generation switched');
      await write(trx);
    });
  }

  /** Best-effort upkeep (ANALYZE) a committed batch asked for, on another connection. */
  private runUpkeep(p: Projection, upkeep: [string, readonly Knex.RawBinding[]][]): void {
    for (const [sql, bindings] of upkeep) {
      this.db.raw(sql, bindings).catch((err: unknown) => this.log.warn({ err, projection: p.name }, 'read-model upkeep failed'));
    }
  }

  /**
   * Builds a new generation of a read model beside the live one, from the start of the log, and switches
   * the views to it once it has caught up with the live generation. Queries never see a half-built model.
   */
  async rebuild(
    name: string,
    onProgress?: (applied: number) => void,
  ): Promise<{ generation: number; events: number; phases: RebuildPhases }> {
    let applied = 0;
    const note = (running: boolean) => this.metrics({ projection: name, kind: 'rebuild', applied, running });
    note(true);
    try {
      return await this.rebuildGeneration(name, (n) => {
        applied = n;
        note(true);
        onProgress?.(n);
      });
    } finally {
      note(false);
    }
  }

  private async rebuildGeneration(
    name: string,
    onProgress: (applied: number) => void,
  ): Promise<{ generation: number; events: number; phases: RebuildPhases }> {
    const p = this.projections.get(name);
    if (!p) throw new Error(`Unknown projection ${name}`);
    const phases: RebuildPhases = { setup: 0, read: 0, fold: 0, write: 0, catchUp: 0, switch: 0, drop: 0 };
    let t0 = performance.now();
    // Before the transaction: on PGlite its one connection is the transaction's until it ends.
    const logId = await this.store.logId();
    const generation = await this.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection:${name}`]);
      const row = await trx('projection_checkpoints').where({ name }).max('generation as g').first();
      const g = Number(row?.g ?? 0) + 1;
      await p.setup(trx, generationTables(g));
      await trx('projection_checkpoints').insert({ name, generation: g, version: p.version, log_id: logId });
      return g;
    });
    phases.setup = performance.now() - t0;

    let { at, events } =
      p.bulk && this.bulkRebuilds ? await this.foldAll(p, generation, p.bulk(), phases, onProgress) : { at: START, events: 0 };
    for (;;) {
      t0 = performance.now();
      const batch = await this.store.readAll({ after: at, maxCount: this.batchSize });
      if (batch.length > 0) {
        at = await this.applyBatch(p, generation, batch, at);
        events += batch.length;
        onProgress?.(events);
      }
      phases.catchUp += performance.now() - t0;
      if (batch.length === this.batchSize) continue;
      t0 = performance.now();
      const previous = await this.trySwitch(p, generation, at);
      phases.switch += performance.now() - t0;
      if (previous !== false) {
        t0 = performance.now();
        if (previous !== undefined) await this.dropGeneration(p, previous);
        phases.drop = performance.now() - t0;
        p.afterSwitch?.();
        this.log.info({ projection: name, generation, events }, 'read model rebuilt and switched');
        return { generation, events, phases };
      }
    }
  }

  /**
   * A bulk rebuild's first pass: reads the log to its current end in large pages into the projection's
   * in-memory fold, then writes it and moves the checkpoint in one transaction. The next page is fetched
   * while this one is folded, so reading and folding overlap. What is appended meanwhile is applied batch
   * by batch afterwards, as in any rebuild.
   */
  private async foldAll(
    p: Projection,
    generation: number,
    fold: BulkFold,
    phases: RebuildPhases,
    onProgress?: (applied: number) => void,
  ): Promise<{ at: Position; events: number }> {
    const pageSize = this.bulkPageSize;
    const types = p.eventTypes ? new Set(p.eventTypes) : null;
    let at: Position = START;
    let events = 0;
    let next = this.store.readAll({ after: at, maxCount: pageSize });
    for (;;) {
      let t0 = performance.now();
      const batch = await next;
      phases.read += performance.now() - t0;
      if (!batch.length) break;
      const last = batch[batch.length - 1]!.position;
      const full = batch.length === pageSize;
      if (full) next = this.store.readAll({ after: last, maxCount: pageSize });
      t0 = performance.now();
      // Folding reads every event's data: validated on append, it is not parsed again (trustingAppendValidation).
      trustingAppendValidation(() => fold.add(eventsAfter(types ? batch.filter((e) => types.has(e.type)) : batch, at)));
      phases.fold += performance.now() - t0;
      at = last;
      events += batch.length;
      onProgress?.(events);
      if (!full) break;
    }
    const t0 = performance.now();
    if (events) await this.applyBatch(p, generation, [], START, { to: at, write: (ctx) => fold.write(ctx) });
    phases.write = performance.now() - t0;
    return { at, events };
  }

  /**
   * Switches views to `generation` if it is at least as far as the live one; returns the old generation, or
   * false when the live one is further or a reader held a view past SWITCH_LOCK_TIMEOUT_MS (try again).
   */
  private async trySwitch(p: Projection, generation: number, at: Position): Promise<number | undefined | false> {
    return this.db
      .transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection:${p.name}`]);
        const state = await trx('projection_state').where({ name: p.name }).forUpdate().first();
        if (state) {
          const live = await trx('projection_checkpoints').where({ name: p.name, generation: state.active_generation }).first();
          const ours = await trx('projection_checkpoints').where({ name: p.name, generation }).first('log_id');
          // A live generation of another log is never "further": its positions are not this log's.
          const sameLog = !live?.log_id || live.log_id === ours?.log_id;
          if (live && sameLog && comparePositions(toPosition(live), at) > 0) return false;
        }
        const t = generationTables(generation);
        // A query locks the views it reads one by one as it plans: one that holds the second view while this
        // holds the first would deadlock with it, and PostgreSQL could end the reader's query (a 500). Waiting
        // no longer than this for a view, the switch gives way instead, before the reader's deadlock check.
        await trx.raw(`set local lock_timeout = '${SWITCH_LOCK_TIMEOUT_MS}ms'`);
        for (const table of p.tables) {
          await trx.raw('drop view if exists ??', [table]);
          await trx.raw('create view ?? as select * from ??', [table, t(table)]);
        }
        await trx('projection_state')
          .insert({ name: p.name, active_generation: generation, version: p.version })
          .onConflict('name')
          .merge();
        return state ? (state.active_generation as number) : undefined;
      })
      .catch(async (e: unknown) => {
        if ((e as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * SWITCH_LOCK_TIMEOUT_MS));
        return false as const;
      });
  }

  private async dropGeneration(p: Projection, generation: number): Promise<void> {
    const t = generationTables(generation);
    await this.db.transaction(async (trx) => {
      for (const table of p.tables) await trx.raw('drop table if exists ??', [t(table)]);
      await trx('projection_checkpoints').where({ name: p.name, generation }).delete();
    });
  }
}

/** How long a rebuild's switch waits for a view a query is reading (well under deadlock_timeout's 1 s). */
const SWITCH_LOCK_TIMEOUT_MS = 200;
const LOCK_NOT_AVAILABLE = '55P03';

/** Whether the projection applies events of this type (all, without `eventTypes`). */
const wants = (p: Projection, e: RecordedEvent) => !p.eventTypes || p.eventTypes.includes(e.type);

/** The batch's events of the projection's types, as its afterCommit hook sees them (type, version, data). */
function committedOf(p: Projection, batch: RecordedEvent[]): CommittedEvent[] {
  return batch.filter((e) => wants(p, e)).map((e) => ({ type: e.type, version: e.version, data: e.data }));
}

/**
 * Runs `work` again when it failed on a pooled connection the server had already closed (a restarted
 * database, a killed backend): the pool finds out only on first use, and a fresh connection follows.
 */
async function onLiveConnection<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const lost = /Connection terminated|terminating connection|ECONNRESET|Client has encountered a connection error/i.test(
        String((error as Error)?.message),
      );
      if (!lost || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 10 * attempt));
    }
  }
}
