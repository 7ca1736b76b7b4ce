import type { z } from 'zod';
import type { EventDefinition } from '../decider/events';
import type { EventMetadata, Position } from '../event-store/port';

/**
 * A read model written as the domain reads it: its tables (columns and key), and for each event it follows
 * a pure function from the event to row changes. The platform derives the rest (declared-projection.ts):
 * the tables of each generation, a live batch as a few statements, the bulk fold of a rebuild and the
 * updates of the caches the projection declares.
 *
 *   defineProjection({
 *     name: 'content-dismissals', version: 1,
 *     tables: { dismissals: { key: ['user_id', 'announcement_id'], columns: { user_id: 'uuid', announcement_id: 'uuid', at: 'timestamptz' } } },
 *     on: [
 *       when(AnnouncementDismissed, (e) => [insert('dismissals', { user_id: e.userId, announcement_id: e.announcementId, at: e.at })]),
 *       when(UserDeleted, (e) => [remove('dismissals', { user_id: e.userId })]),
 *     ],
 *   });
 */

/** A column's PostgreSQL type; `?` after it lets the column hold null. */
export type ColumnType =
  | 'uuid'
  | 'text'
  | 'integer'
  | 'bigint'
  | 'double precision'
  | 'boolean'
  | 'timestamptz'
  | 'date'
  | 'jsonb'
  /** Arrays of numbers (a handler gives a JS array; numbers or bigint strings). */
  | 'bigint[]'
  | 'integer[]';
export type ColumnSpec = ColumnType | `${ColumnType}?`;

export interface TableDeclaration {
  /** The columns that identify a row (the primary key). */
  key: readonly string[];
  columns: Readonly<Record<string, ColumnSpec>>;
  /** Secondary indexes, for the queries that read the table. */
  indexes?: readonly (readonly string[])[];
  /**
   * Unique indexes (a value the write side keeps unique, which a query finds its row by). Checked at the end
   * of each statement, so a batch may hand a value from one row to another; a log that breaks one stops the
   * projection, as it should.
   */
  unique?: readonly (readonly string[])[];
  /** Rows pile up fast: keep its planner statistics fresh as it grows (StatisticsKeeper). */
  growsFast?: boolean;
  /** A rollup the platform keeps from another table of the projection (`sumsOf`, `gapsOf`); no handler writes it. */
  derived?: Derivation;
  /** Columns that are an aggregate of another table's rows (`countOf`, `averageOf`): the platform keeps them. */
  aggregates?: Readonly<Record<string, Aggregate>>;
}

export type Row = Readonly<Record<string, unknown>>;

/**
 * What an event does to a table. `insert` adds a row unless its key is there (the first wins); `upsert`
 * sets the row of its key (the last wins; with `newerBy`, only over a row whose column is lower);
 * `update` sets columns of the rows matching `where` (and with `add`, adds to others: a counter of a row
 * that must already be there); `remove` deletes them; `increment` adds its non-key values to the row of its
 * key (inserting it first); `removeFromList` deletes the row of its key and closes the gap it leaves in its
 * list (the rows with its `list` columns' values): their `index` above its own goes down by one.
 */
export type RowChange<T extends string = string> =
  | { kind: 'insert'; table: T; row: Row }
  | { kind: 'upsert'; table: T; row: Row; newerBy?: string; olderBy?: string }
  | { kind: 'update'; table: T; where: Row; set: Row; add?: Row; merge?: Row }
  | { kind: 'remove'; table: T; where: Row }
  | { kind: 'increment'; table: T; row: Row }
  | { kind: 'removeFromList'; table: T; where: Row; list: readonly string[]; index: string };

export const insert = <T extends string>(table: T, row: Row): RowChange<T> => ({ kind: 'insert', table, row });
/** `olderBy`, the mirror of `newerBy`: the row is set only over one whose column is higher (the lowest wins: a first day). */
export const upsert = <T extends string>(table: T, row: Row, options: { newerBy?: string; olderBy?: string } = {}): RowChange<T> =>
  options.newerBy
    ? { kind: 'upsert', table, row, newerBy: options.newerBy }
    : options.olderBy
      ? { kind: 'upsert', table, row, olderBy: options.olderBy }
      : { kind: 'upsert', table, row };
/**
 * `add` to a jsonb column adds its numbers key by key; `merge` merges JSON into jsonb columns: objects key by
 * key (deep), arrays by the elements they lack (declared-json.ts). Neither is null.
 */
export const update = <T extends string>(table: T, where: Row, set: Row, options: { add?: Row; merge?: Row } = {}): RowChange<T> => ({
  kind: 'update',
  table,
  where,
  set,
  ...(options.add && Object.keys(options.add).length ? { add: options.add } : {}),
  ...(options.merge && Object.keys(options.merge).length ? { merge: options.merge } : {}),
});
export const remove = <T extends string>(table: T, where: Row): RowChange<T> => ({ kind: 'remove', table, where });
export const increment = <T extends string>(table: T, row: Row): RowChange<T> => ({ kind: 'increment', table, row });
/** Removes the row of key `where` from its ordered list: `list` names the columns a list shares, `index` its place. */
export const removeFromList = <T extends string>(
  table: T,
  where: Row,
  order: { list: readonly string[]; index: string },
): RowChange<T> => ({
  kind: 'removeFromList',
  table,
  where,
  list: order.list,
  index: order.index,
});

/** What a handler may know of an event besides its data. */
export interface EventEnvelope {
  id: string;
  streamId: string;
  metadata: EventMetadata;
  /** 0-based place of the event in its stream (what an admin's next edit expects). Caches see 0n. */
  revision: bigint;
  /**
   * The event's place in the whole log (caches see START). Its `sequence` alone follows the log's order but
   * for events of transactions that overlapped (see Position): enough to order a read model's rows by.
   */
  position: Position;
}

export interface EventHandler<T extends string = string> {
  event: EventDefinition;
  /** Fields sealed with the user's key: the platform opens them (an erased user's read as '') first. */
  sealed?: readonly string[];
  /** The one row of the projection's tables the changes depend on, by its key (see `when`'s `lookup`). */
  lookup?: (data: never, event: EventEnvelope) => Lookup<T> | null;
  changes(data: never, event: EventEnvelope, found?: Row): readonly RowChange<T>[];
}

/** A row of one of the projection's own tables, by its whole key. */
export interface Lookup<T extends string = string> {
  table: T;
  key: Row;
}

/**
 * The row changes of one event type. With `lookup`, the changes also see one row of the projection's own
 * tables (`found`, undefined when there is none) as the changes of the events before this one left it: a
 * fact the event does not carry (a learner's current language), read once a batch, not once an event.
 */
export function when<D extends EventDefinition, T extends string>(
  event: D,
  changes: (data: z.infer<D['schema']>, event: EventEnvelope, found?: Row) => readonly RowChange<T>[],
  options: {
    sealed?: readonly (keyof z.infer<D['schema']> & string)[];
    lookup?: (data: z.infer<D['schema']>, event: EventEnvelope) => Lookup<T> | null;
  } = {},
): EventHandler<T> {
  return {
    event,
    changes: changes as EventHandler<T>['changes'],
    ...(options.sealed ? { sealed: options.sealed } : {}),
    ...(options.lookup ? { lookup: options.lookup as EventHandler<T>['lookup'] } : {}),
  };
}

/** A cache of reads of the read model that the platform keeps up to date with each batch (declared-caches.ts). */
export interface DeclaredCache {
  /** Whether `changed` reads the changes (else it is given none: it follows the events alone). */
  readonly followsRows: boolean;
  /** After a batch of `projection` committed: its events (of the handled types) and the changes they made. */
  changed(projection: string, changes: readonly RowChange[], events: readonly { type: string; data: unknown }[]): void;
  /** Everything cached of `projection` is stale (a rebuild switched, the projector thread restarted). */
  reset(projection: string): void;
}

export interface ProjectionDeclaration<T extends Record<string, TableDeclaration> = Record<string, TableDeclaration>> {
  name: string;
  /** Bump when the tables or the handlers change: the runner rebuilds the read model blue/green. */
  version: number;
  tables: T;
  on: readonly EventHandler<keyof T & string>[];
  /** Caches of reads of these tables, updated in place from each committed batch's changes. */
  caches?: readonly DeclaredCache[];
  /** Apply live batches at most this often (see Projection.minBatchIntervalMs). */
  minBatchIntervalMs?: number;
}

/**
 * A rollup table the platform keeps from a source table of the same projection, in the same transaction as
 * the source's rows, in a live batch, a rebuild's fold and an as-of rebuild alike (declared-rollups.ts). Its
 * rows are a function of the source's rows: a deletion from the source (a user's) leaves the rollup.
 */
export type Derivation =
  | { kind: 'sums'; source: string; by: readonly string[]; sums: readonly string[] }
  | { kind: 'gaps'; source: string; member: string; by: readonly string[]; day: string };

/**
 * Per group (`by`, the source's columns), the sums of the source's `sums` columns; a group's row is there
 * while a sum is not 0. The source takes only `increment`s and `remove`s (whose amounts are known).
 */
export function sumsOf(
  source: string,
  spec: { by: Readonly<Record<string, ColumnSpec>>; sums: Readonly<Record<string, ColumnSpec>> },
): TableDeclaration {
  return {
    key: Object.keys(spec.by),
    columns: { ...spec.by, ...spec.sums },
    derived: { kind: 'sums', source, by: Object.keys(spec.by), sums: Object.keys(spec.sums) },
  };
}

/**
 * Distinct members over a range of days, summarised by gap: a row (by..., day, gap, n) says n members (the
 * source's `member` column) had a row on `day` whose previous day with one was `gap` days before (0: none).
 * The members of [from, to] are those of rows with day in it and gap = 0 or gap > day - from.
 */
export function gapsOf(source: string, spec: { member: string; by: Readonly<Record<string, ColumnSpec>>; day: string }): TableDeclaration {
  return {
    key: [...Object.keys(spec.by), spec.day, 'gap'],
    columns: { ...spec.by, [spec.day]: 'date', gap: 'integer', n: 'integer' },
    derived: { kind: 'gaps', source, member: spec.member, by: Object.keys(spec.by), day: spec.day },
  };
}

/**
 * An aggregate column (declared-aggregates.ts): the count, or the average of column `average`, of the rows of
 * table `of` whose column `by` holds this row's key (0 when there are none). The platform recomputes it after
 * each batch for the rows the batch may have changed it for; a handler does not write it.
 */
export type Aggregate = { of: string; by: string } & ({ count: true } | { average: string });
export const countOf = (of: string, by: string): Aggregate => ({ of, by, count: true });
export const averageOf = (of: string, column: string, by: string): Aggregate => ({ of, by, average: column });
