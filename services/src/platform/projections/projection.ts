import type { Knex } from 'knex';
import type { RecordedEvent } from '../event-store/port';
import { HOT_STATEMENT } from '../db/knex';

/** What an afterCommit hook sees of a committed event. */
export type CommittedEvent = Pick<RecordedEvent, 'type' | 'version' | 'data'>;

/** Physical name of a logical read-model table in one generation. */
export type TableNames = (logical: string) => string;

export function generationTables(generation: number): TableNames {
  return (logical) => `${logical}__g${generation}`;
}

export interface ApplyContext {
  trx: Knex.Transaction;
  /** Use for every table name: `trx(t('dictionary_entries'))`. */
  t: TableNames;
  /**
   * Best-effort upkeep that is no part of the read model's state (ANALYZE): run on another connection once
   * the batch's transaction has committed, so the batch, and every reader waiting on it, does not wait for
   * it. Without it (rebuilds, as-of copies) `maintain` runs the statement in the transaction.
   */
  maintain?(sql: string, bindings: readonly Knex.RawBinding[]): void;
}

/** A statement of a batch's writes: `?` placeholders and their values, as for `trx.raw`. */
export interface WriteStatement {
  sql: string;
  bindings: readonly Knex.RawBinding[];
  /** Of fixed text, run over and over (HOT_STATEMENT): prepared once per connection. */
  hot: boolean;
}

/** What a projection's `statements` may use: its tables' names, and upkeep after the commit. */
export type StatementContext = Pick<ApplyContext, 't' | 'maintain'>;

/**
 * A read model built from the global log. Its tables are queried through views named after the logical
 * tables; a rebuild fills a new generation of tables beside the live one and switches the views.
 */
export interface Projection {
  name: string;
  /** Bump when the read model's shape or logic changes: the runner rebuilds it blue/green on start. */
  version: number;
  /** Logical table names; each becomes a view over the active generation's table. */
  tables: readonly string[];
  /** Only these event types reach `apply` (all when omitted); the checkpoint still moves past others. */
  eventTypes?: readonly string[];
  /**
   * Apply batches at most this often (live runs). For read models nobody needs within a moment of a write
   * (dashboards): under load each batch is several times larger, so its transaction costs less an event,
   * and the projections that do serve read-your-writes do not wait for this one's batch. A reader waiting
   * on it (minPosition) waits up to this long more.
   */
  minBatchIntervalMs?: number;
  /** Creates the tables of one generation (use `t(name)`). */
  setup(trx: Knex.Transaction, t: TableNames): Promise<void>;
  /** Applies events, in log order, inside the transaction that also moves the checkpoint. */
  apply(events: RecordedEvent[], ctx: ApplyContext): Promise<void>;
  /**
   * For a projection whose batch is only writes whose answers it never reads (no selects, no RETURNING):
   * the same writes as `apply` makes, as statements (`apply` then is `applyStatements`). A live batch's
   * statements go with the other projections' and the checkpoint moves in one round trip (batch-group.ts).
   */
  statements?(events: RecordedEvent[], ctx: StatementContext): WriteStatement[];
  /**
   * After a batch committed (live runs only, not rebuilds): e.g. invalidate caches of what changed. Gets the
   * batch's events of `eventTypes`, each its type, version and data only: with the projectors on a thread of their
   * own, this is what crosses to the main thread, where the caches are.
   */
  afterCommit?(events: CommittedEvent[]): void;
  /**
   * After a rebuild switched the views to a new generation, or after the projector thread died (the hooks of
   * the batches it committed last may never have run): everything cached is stale.
   */
  afterSwitch?(): void;
  /**
   * For as-of rebuilds (as-of.ts): when the fact an event records happened, or null for an event that
   * counts at any date. A projection without it cannot be rebuilt as of a past date.
   */
  asOfTime?(event: RecordedEvent): Date | null;
  /**
   * For rebuilds into an empty generation: a fold that keeps the whole read model in memory while the
   * runner reads the log, then writes it once (a few bulk statements instead of a transaction per batch).
   * Must give the same tables as `apply` over the same events.
   */
  bulk?(): BulkFold;
}

export interface BulkFold {
  /** Events in log order, already filtered to `eventTypes`. */
  add(events: RecordedEvent[]): void;
  /** Writes everything folded so far into the fresh tables. */
  write(ctx: ApplyContext): Promise<void>;
}

/** `apply` and `statements` of a projection whose batch is only such writes: one plan, two ways to send it. */
export function writesAsStatements(plan: NonNullable<Projection['statements']>): Pick<Projection, 'apply' | 'statements'> {
  return { apply: (events, ctx) => applyStatements(plan(events, ctx), ctx.trx), statements: plan };
}

/** Runs a projection's statements in order on the batch's transaction. */
export async function applyStatements(statements: WriteStatement[], trx: Knex.Transaction): Promise<void> {
  for (const s of statements) {
    const q = trx.raw(s.sql, s.bindings);
    await (s.hot ? q.options(HOT_STATEMENT) : q);
  }
}
