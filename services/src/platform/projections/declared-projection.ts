import type { Knex } from 'knex';
import { readEventData, trustingAppendValidation } from '../decider/events';
import { START, type RecordedEvent } from '../event-store/port';
import { openSealed } from '../personal-data/keys';
import type { EventHandler, Lookup, ProjectionDeclaration, Row, RowChange, TableDeclaration } from './declaration';
import { MemoryTables } from './declared-fold';
import { applyWithRollups } from './declared-rollups';
import { batchStatements } from './declared-statements';
import { createTables } from './declared-tables';
import {
  applyStatements,
  type CommittedEvent,
  type Projection,
  type StatementContext,
  type TableNames,
  type WriteStatement,
} from './projection';
import { StatisticsKeeper } from './statistics-keeper';

/** A projection derived from its declaration; `declaration` is what tests (spec, equivalence) read. */
export interface DeclaredProjection extends Projection {
  readonly declaration: ProjectionDeclaration;
  /**
   * The row changes of events in log order (their data upcast and validated; sealed fields opened with `db`;
   * lookups read from the tables `t` names on `db`).
   */
  changesOf(events: readonly RecordedEvent[], db?: Knex, t?: TableNames): Promise<RowChange[]>;
}

/**
 * The projection a declaration describes (declaration.ts): the runner sees an ordinary Projection whose
 * writes are statements (one round trip with the other projections' batches) unless a handler opens sealed
 * fields, which reads keys on the batch's transaction; whose rebuild is a fold in memory; and whose caches
 * follow each committed batch.
 *
 * Events reach the handlers as their data, upcast; data stored at the current version was validated on
 * append and is not parsed again here (the platform's call, not the projection's).
 */
export function defineProjection<T extends Record<string, TableDeclaration>>(declaration: ProjectionDeclaration<T>): DeclaredProjection {
  const decl = declaration as unknown as ProjectionDeclaration;
  const handlers = new Map<string, EventHandler>(decl.on.map((h) => [h.event.type, h]));
  if (handlers.size !== decl.on.length) throw new Error(`${decl.name} handles an event type twice`);
  const sealed = decl.on.some((h) => h.sealed?.length);
  if (sealed && decl.on.some((h) => h.lookup)) throw new Error(`${decl.name}: a projection opening sealed fields looks no rows up`);
  const statistics = new StatisticsKeeper();
  const growing = Object.entries(decl.tables).filter(([, table]) => table.growsFast);
  const lookups = decl.on.some((h) => h.lookup);
  const derived = Object.values(decl.tables).some((table) => table.derived);

  const dataOf = (h: EventHandler, e: Pick<RecordedEvent, 'type' | 'version' | 'data'>) =>
    trustingAppendValidation(() => readEventData(h.event, e));

  /** Changes of events none of whose handlers open sealed fields (synchronous: for statements and caches). */
  const plainChanges = (events: readonly RecordedEvent[]): RowChange[] =>
    trustingAppendValidation(() => {
      const out: RowChange[] = [];
      for (const e of events) {
        const h = handlers.get(e.type);
        if (h) for (const c of h.changes(readEventData(h.event, e) as never, e)) out.push(c);
      }
      return out;
    });

  /**
   * Changes of events whose handlers may look a row up: each sees the row as the changes before it left it,
   * `found` answering from the tables in memory (a rebuild's fold, or a live batch's rows read first).
   */
  const changesWithLookups = (events: readonly RecordedEvent[], found: MemoryTables, keepUp: (c: RowChange) => boolean): RowChange[] =>
    trustingAppendValidation(() => {
      const out: RowChange[] = [];
      for (const e of events) {
        const h = handlers.get(e.type);
        if (!h) continue;
        const data = readEventData(h.event, e) as never;
        const l = h.lookup?.(data, e);
        for (const c of h.changes(data, e, l ? found.get(l.table, l.key) : undefined)) {
          out.push(c);
          if (keepUp(c)) found.apply(c);
        }
      }
      return out;
    });

  /** A live batch's lookups: the rows they name read at once, then kept up with the batch's own changes. */
  const lookedUp = async (
    events: readonly RecordedEvent[],
    db: Knex,
    t: TableNames,
  ): Promise<{ found: MemoryTables; tables: Set<string> }> => {
    const wanted = new Map<string, Row[]>();
    trustingAppendValidation(() => {
      for (const e of events) {
        const h = handlers.get(e.type);
        const l: Lookup | null | undefined = h?.lookup?.(readEventData(h.event, e) as never, e);
        if (l) wanted.set(l.table, [...(wanted.get(l.table) ?? []), l.key]);
      }
    });
    const found = new MemoryTables(decl.tables);
    for (const [table, keys] of wanted) {
      const key = decl.tables[table]!.key;
      const values = [...new Map(keys.map((k) => [JSON.stringify(key.map((c) => k[c])), key.map((c) => k[c])])).values()];
      found.seed(
        table,
        (await db(t(table))
          .whereIn([...key], values as never)
          .select('*')) as Row[],
      );
    }
    return { found, tables: new Set(wanted.keys()) };
  };

  const changesOf = async (events: readonly RecordedEvent[], db?: Knex, t?: TableNames): Promise<RowChange[]> => {
    if (lookups && events.length) {
      if (!db || !t) throw new Error(`${decl.name} looks rows up: give it the database and its tables`);
      const { found, tables } = await lookedUp(events, db, t);
      return changesWithLookups(events, found, (c) => tables.has(c.table));
    }
    if (!sealed) return plainChanges(events);
    const keys = new Map<string, Buffer | undefined>();
    const out: RowChange[] = [];
    for (const e of events) {
      const h = handlers.get(e.type);
      if (!h) continue;
      let data = dataOf(h, e) as Record<string, unknown>;
      if (h.sealed?.length) {
        if (!db) throw new Error(`${decl.name} opens sealed fields: give it the database`);
        data = await openSealed(db, data, h.sealed, keys);
      }
      out.push(...h.changes(data as never, e));
    }
    return out;
  };

  const statementsOf = (changes: readonly RowChange[], ctx: StatementContext): WriteStatement[] => {
    const out = batchStatements(changes, decl.tables, ctx.t);
    for (const [name] of growing) {
      const written = changes.filter((c) => c.table === name && (c.kind === 'insert' || c.kind === 'upsert')).length;
      out.push(...statistics.statements(ctx, ctx.t(name), written));
    }
    return out;
  };

  const projection: DeclaredProjection = {
    declaration: decl,
    changesOf,
    name: decl.name,
    version: decl.version,
    tables: Object.keys(decl.tables),
    eventTypes: [...handlers.keys()],
    ...(decl.minBatchIntervalMs !== undefined ? { minBatchIntervalMs: decl.minBatchIntervalMs } : {}),
    setup: (trx, t) => createTables(trx, decl.tables, t),
    async apply(events, ctx) {
      const changes = await changesOf(events, ctx.trx, ctx.t);
      if (!derived) await applyStatements(statementsOf(changes, ctx), ctx.trx);
      else {
        await applyWithRollups(ctx.trx, decl.tables, ctx.t, changes);
        await applyStatements(
          growing.flatMap(([name]) =>
            statistics.statements(ctx, ctx.t(name), changes.filter((c) => c.table === name && 'row' in c).length),
          ),
          ctx.trx,
        );
      }
    },
    ...(sealed || lookups || derived
      ? {}
      : { statements: (events: RecordedEvent[], ctx: StatementContext) => statementsOf(plainChanges(events), ctx) }),
    bulk() {
      const tables = new MemoryTables(decl.tables);
      let pending: RecordedEvent[] = [];
      return {
        add(events) {
          if (lookups) changesWithLookups(events, tables, () => true);
          else if (!sealed) for (const c of plainChanges(events)) tables.apply(c);
          else pending = pending.concat(events); // opened on write, where there is a transaction
        },
        async write({ trx, t }) {
          for (const c of await changesOf(pending, trx)) tables.apply(c);
          pending = [];
          await tables.write(trx, t);
        },
      };
    },
  };
  const caches = decl.caches ?? [];
  if (!caches.length) return projection;
  return {
    ...projection,
    afterCommit(events: CommittedEvent[]) {
      // What crosses from a projector thread is each event's data: the changes here are the handlers' answers
      // to it alone (their envelope empty), and sealed fields are not opened (such a projection's caches
      // follow its events, not its rows).
      const changes = sealed || lookups || !caches.some((c) => c.followsRows) ? [] : plainChanges(events.map(asRecorded));
      for (const cache of caches) cache.changed(decl.name, changes, events);
    },
    afterSwitch() {
      for (const cache of caches) cache.reset(decl.name);
    },
  };
}

/** A committed event as a handler sees it in a cache's update: its data, no envelope. */
const asRecorded = (e: CommittedEvent): RecordedEvent =>
  ({ id: '', streamId: '', metadata: {}, revision: 0n, position: START, type: e.type, version: e.version, data: e.data }) as RecordedEvent;
