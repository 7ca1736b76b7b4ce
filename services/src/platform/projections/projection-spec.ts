import { deepStrictEqual } from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createKnex } from '../db/knex';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import type { EventDefinition } from '../decider/events';
import type { EventMetadata, RecordedEvent } from '../event-store/port';
import { migratePersonalDataKeys } from '../personal-data/keys';
import type { DeclaredProjection } from './declared-projection';
import type { TableNames } from './projection';

/** An event as a spec writes it: its type and data, and where it matters, its stream, id or metadata. */
export interface SpecEvent {
  type: string;
  data: Record<string, unknown>;
  streamId?: string;
  id?: string;
  metadata?: EventMetadata;
}

/** Recorded events in log order from what a spec wrote (each at its type's current version, validated). */
export function recordedEvents(projection: DeclaredProjection, events: readonly SpecEvent[], startAt = 0): RecordedEvent[] {
  const definitions = new Map<string, EventDefinition>(projection.declaration.on.map((h) => [h.event.type, h.event]));
  const definition = (type: string) => {
    const d = definitions.get(type);
    if (!d) throw new Error(`${projection.name} handles no ${type}`);
    return d;
  };
  return events.map((e, i) => ({
    id: e.id ?? randomUUID(),
    streamId: e.streamId ?? 'spec',
    type: e.type,
    version: definition(e.type).version,
    // As appended: parsed by the event's schema (a spec's typo fails here, not as a missing row).
    data: definition(e.type).schema.parse(e.data) as Record<string, unknown>,
    metadata: e.metadata ?? {},
    revision: BigInt(startAt + i),
    position: { transaction: BigInt(startAt + i + 1), sequence: BigInt(startAt + i + 1) },
    createdAt: new Date(0),
  }));
}

let shared: Promise<{ embedded: EmbeddedPostgres; db: Knex }> | undefined;

/** One PGlite for every spec of a test file's process (3-7 s to start), each spec in tables of its own. */
export function specDatabase(): Promise<Knex> {
  shared ??= (async () => {
    const embedded = await startEmbeddedPostgres();
    const db = createKnex(embedded.connectionString);
    await migratePersonalDataKeys(db);
    return { embedded, db };
  })();
  return shared.then((s) => s.db);
}

/** Stops the specs' PGlite (a test file's afterAll). */
export async function closeSpecDatabase(): Promise<void> {
  const s = await shared;
  shared = undefined;
  if (s) {
    await s.db.destroy();
    await s.embedded.close();
  }
}

/** Tables of a generation no other spec uses (the runner's `t`, with a unique suffix). */
export async function freshTables(db: Knex, projection: DeclaredProjection): Promise<TableNames> {
  const suffix = randomUUID().slice(0, 8);
  const t: TableNames = (logical) => `${logical}__s${suffix}`;
  await db.transaction((trx) => projection.setup(trx, t));
  return t;
}

/** A table's rows in key order, as a query reads them. */
export async function tableRows(
  db: Knex,
  projection: DeclaredProjection,
  table: string,
  t: TableNames,
): Promise<Record<string, unknown>[]> {
  const key = projection.declaration.tables[table]!.key;
  return db(t(table))
    .select('*')
    .orderBy([...key]);
}

/**
 * Given/when/then on events for a declared projection, on PGlite:
 * `await projectionSpec(p).given([e1, e2]).when(e3).then({ table: [row, ...] })`. The given events and then the
 * `when` event are applied as the runner applies live batches; `then` compares each named table's rows (in
 * key order, as the database returns them: timestamps as Date, jsonb parsed) and fails with the difference.
 */
export function projectionSpec(projection: DeclaredProjection, options: { db?: Knex } = {}) {
  return {
    given(history: readonly SpecEvent[]) {
      return {
        when(event: SpecEvent | readonly SpecEvent[]) {
          const latest = Array.isArray(event) ? (event as readonly SpecEvent[]) : [event as SpecEvent];
          return {
            async then(expected: Readonly<Record<string, readonly Record<string, unknown>[]>>): Promise<void> {
              const db = options.db ?? (await specDatabase());
              const t = await freshTables(db, projection);
              const batches = [recordedEvents(projection, history), recordedEvents(projection, latest, history.length)];
              for (const batch of batches.filter((b) => b.length)) {
                await db.transaction((trx) => projection.apply(batch, { trx, t }));
              }
              const actual: Record<string, unknown[]> = {};
              for (const table of Object.keys(expected)) actual[table] = await tableRows(db, projection, table, t);
              deepStrictEqual(actual, expected);
            },
          };
        },
      };
    },
  };
}
