import type { Knex } from 'knex';
import { readEventData, trustingAppendValidation } from '../decider/events';
import { START, type RecordedEvent } from '../event-store/port';
import { openSealed } from '../personal-data/keys';
import type { EventHandler, ProjectionDeclaration, RowChange, TableDeclaration } from './declaration';
import { MemoryTables } from './declared-fold';
import { batchStatements } from './declared-statements';
import { createTables } from './declared-tables';
import { applyStatements, type CommittedEvent, type Projection, type StatementContext, type WriteStatement } from './projection';
import { StatisticsKeeper } from './statistics-keeper';

/** A projection derived from its declaration; `declaration` is what tests (spec, equivalence) read. */
export interface DeclaredProjection extends Projection {
  readonly declaration: ProjectionDeclaration;
  /** The row changes of events in log order (their data upcast and validated; sealed fields opened with `db`). */
  changesOf(events: readonly RecordedEvent[], db?: Knex): Promise<RowChange[]>;
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
  const statistics = new StatisticsKeeper();
  const growing = Object.entries(decl.tables).filter(([, table]) => table.growsFast);

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

  const changesOf = async (events: readonly RecordedEvent[], db?: Knex): Promise<RowChange[]> => {
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
      await applyStatements(statementsOf(await changesOf(events, ctx.trx), ctx), ctx.trx);
    },
    ...(sealed ? {} : { statements: (events: RecordedEvent[], ctx: StatementContext) => statementsOf(plainChanges(events), ctx) }),
    bulk() {
      const tables = new MemoryTables(decl.tables);
      let pending: RecordedEvent[] = [];
      return {
        add(events) {
          if (!sealed) for (const c of plainChanges(events)) tables.apply(c);
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
      const changes = sealed || !caches.some((c) => c.followsRows) ? [] : plainChanges(events.map(asRecorded));
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
