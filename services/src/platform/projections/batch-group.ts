import type { Knex } from 'knex';
import { HOT_STATEMENT } from '../db/knex';
import type { ReusedTransactions } from '../db/reused-transactions';
import type { Position } from '../event-store/port';
import { BEGIN_READ_MODEL_WRITE_SQL } from '../event-store/postgres/read-horizon';
import { arrayParameter } from './bulk-load';
import type { WriteStatement } from './projection';

/** Another runner moved the checkpoint or a rebuild switched generations: restart from the stored state. */
export class ProjectionMoved extends Error {
  override readonly name = 'ProjectionMoved';
}

/** One projection's live batch, as the group commits it. */
export interface GroupedBatch {
  name: string;
  generation: number;
  /** The stored checkpoint the batch expects, and where it moves it. */
  from: Position;
  to: Position;
  /** The projection's writes (no checkpoint move), on the group's transaction. */
  write(trx: Knex.Transaction): Promise<void>;
  /** The same writes as statements, when the projection offers them (Projection.statements). */
  statements?(): WriteStatement[];
  /**
   * The batch in a transaction of its own, checkpoint move included (when it is alone, or the group failed);
   * it writes with `write`, which is `this.write` timed.
   */
  alone(write: (trx: Knex.Transaction) => Promise<void>): Promise<void>;
}

interface Entry {
  batch: GroupedBatch;
  resolve(): void;
  reject(error: unknown): void;
}

/** A projection joins groups after this many batches in a row whose writes each took less than SLOW_WRITE_MS. */
const FAST_BATCHES_TO_JOIN = 3;
const SLOW_WRITE_MS = 100;

/**
 * One statement marks the transaction a read-model writer, locks every member's state row (in name order,
 * so two groups never deadlock; the row a rebuild locks to switch generations) and moves each checkpoint
 * from where its batch expects it, in the generation still active; `answer` is what it answers of the moved
 * checkpoints (`c`). The text is the same for any number of members (one array a column), so it is prepared
 * once per connection.
 */
const moveAllSql = (
  answer: string,
) => `with m as (select * from unnest(?::text[], ?::int[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[])
                                   as m(name, generation, commit_to, prepare_to, commit_at, prepare_at)),
  s as (select name, active_generation from projection_state where name = any(?::text[]) order by name for update),
  c as (update projection_checkpoints pc set commit_position = m.commit_to, prepare_position = m.prepare_to, updated_at = now()
        from m join s on s.name = m.name and s.active_generation = m.generation
        where pc.name = m.name and pc.generation = m.generation and pc.commit_position = m.commit_at and pc.prepare_position = m.prepare_at
        returning pc.name)
select ${BEGIN_READ_MODEL_WRITE_SQL}, (${answer}) as moved`;

/** The members it moved, by name. */
const MOVE_ALL_SQL = moveAllSql('select array_agg(c.name) from c');

/**
 * For a transaction sent at once, whose writes are on their way before its answer: it fails unless every
 * member's checkpoint moved (the member count is its last value; a text that is no integer is the error),
 * so nothing is written for a member another runner moved; the group then runs each member alone, which
 * finds out why.
 */
const MOVE_ALL_OR_FAIL_SQL = moveAllSql(
  `select case when count(*) = ? then count(*) else (count(*) || ' of the group''s checkpoints moved')::int end from c`,
);

/**
 * Commits the live batches that projections are handed together (the shared log reader gives every live
 * projection the same batch at the same moment) in one transaction: BEGIN, one checkpoint move for all,
 * each projection's writes, COMMIT. Under the mark load that is one transaction a batch instead of one
 * for each of the three word projections; and since those offer their writes as statements, one round trip
 * (commitAtOnce) instead of thirteen.
 *
 * A failure stays with its projection: when any write fails the group rolls back and every member runs
 * its batch alone, so the others commit and only the failing one retries from its checkpoint. A member
 * whose checkpoint another runner moved (or whose generation a rebuild switched) gets ProjectionMoved
 * and the rest commit. A projection joins only after a few batches in a row written fast, and leaves with
 * its first slow one (a lock wait, a large rebuild's catch-up): one slow write must not hold back the batch
 * of the projections that serve read-your-writes more than once.
 */
export class BatchGroup {
  private pending: Entry[] = [];
  /** Batches in a row each projection wrote fast; below FAST_BATCHES_TO_JOIN it commits alone. */
  private readonly fastStreak = new Map<string, number>();

  constructor(
    private readonly transactions: ReusedTransactions,
    /** Fast batches in a row before a projection joins groups (tests take 0). */
    private readonly fastBatchesToJoin = FAST_BATCHES_TO_JOIN,
  ) {}

  /** Commits the batch with the others submitted in the same turn of the event loop (or alone). */
  submit(batch: GroupedBatch): Promise<void> {
    if ((this.fastStreak.get(batch.name) ?? 0) < this.fastBatchesToJoin) return batch.alone(this.timed(batch));
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ batch, resolve, reject });
      // The reader hands every member its batch synchronously, one after another; a microtask runs after all.
      if (this.pending.length === 1) queueMicrotask(() => void this.flush());
    });
  }

  /** The batch's write, noting whether it was fast enough to share a transaction (a failed one was not). */
  private timed(batch: GroupedBatch): (trx: Knex.Transaction) => Promise<void> {
    return async (trx) => {
      const t0 = performance.now();
      let fast = false;
      try {
        await batch.write(trx);
        fast = performance.now() - t0 < SLOW_WRITE_MS;
      } finally {
        this.fastStreak.set(batch.name, fast ? (this.fastStreak.get(batch.name) ?? 0) + 1 : 0);
      }
    };
  }

  private async flush(): Promise<void> {
    const entries = this.pending;
    this.pending = [];
    if (entries.length === 1) return settle(entries[0]!, entries[0]!.batch.alone(this.timed(entries[0]!.batch)));
    let outcomes: Map<Entry, unknown>;
    try {
      const writes =
        this.transactions.atOnce && entries.every((e) => e.batch.statements) ? entries.flatMap((e) => e.batch.statements!()) : undefined;
      outcomes = writes && writes.every((w) => w.hot) ? await this.commitAtOnce(entries, writes) : await this.commitTogether(entries);
    } catch {
      // Rolled back: each alone, so a failing write fails only its own projection.
      for (const e of entries) void settle(e, e.batch.alone(this.timed(e.batch)));
      return;
    }
    for (const e of entries) {
      const failure = outcomes.get(e);
      if (failure) e.reject(failure);
      else e.resolve();
    }
  }

  /**
   * Every member's writes offered as statements of fixed text: the whole transaction in one round trip
   * (ReusedTransactions.runAtOnce). Any failure, a member that did not move included, fails it all.
   */
  private async commitAtOnce(entries: Entry[], writes: WriteStatement[]): Promise<Map<Entry, unknown>> {
    await this.transactions.runAtOnce([{ sql: MOVE_ALL_OR_FAIL_SQL, bindings: [...moveBindings(entries), entries.length] }, ...writes]);
    return new Map();
  }

  /** One transaction for all; answers the members that did not move (ProjectionMoved), to reject after it. */
  private async commitTogether(entries: Entry[]): Promise<Map<Entry, unknown>> {
    const failures = new Map<Entry, unknown>();
    await this.transactions.run(async (trx) => {
      const { rows } = await trx.raw(MOVE_ALL_SQL, moveBindings(entries)).options(HOT_STATEMENT);
      const moved = new Set((rows[0] as { moved: string[] | null }).moved ?? []);
      for (const e of entries) {
        if (!moved.has(e.batch.name)) failures.set(e, new ProjectionMoved('checkpoint moved or generation switched'));
        else await this.timed(e.batch)(trx);
      }
    });
    return failures;
  }
}

/** MOVE_ALL_SQL's values: one array a column. */
function moveBindings(entries: Entry[]): Knex.RawBinding[] {
  const column = (f: (b: GroupedBatch) => string | number) => arrayParameter(entries.map((e) => f(e.batch))) as string;
  return [
    column((b) => b.name),
    column((b) => b.generation),
    column((b) => b.to.transaction.toString()),
    column((b) => b.to.sequence.toString()),
    column((b) => b.from.transaction.toString()),
    column((b) => b.from.sequence.toString()),
    column((b) => b.name),
  ];
}

async function settle(e: Entry, work: Promise<void>): Promise<void> {
  try {
    await work;
    e.resolve();
  } catch (error) {
    e.reject(error);
  }
}
