import { deepStrictEqual } from 'node:assert/strict';
import fc from 'fast-check';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { RecordedEvent } from '../event-store/port';
import type { RowChange, TableDeclaration } from './declaration';
import { addSql, asStored, breaksUnique, isJsonColumn, mergeDepth, mergeSql } from './declared-json';
import type { DeclaredProjection } from './declared-projection';
import { allAggregateStatements } from './declared-aggregates';
import { recomputeRollups } from './declared-rollups';
import { sqlValue } from './declared-tables';
import { applyStatements, type TableNames } from './projection';
import { freshTables, recordedEvents, tableRows, type SpecEvent } from './projection-spec';

/**
 * The equivalence property of a declared projection: for random sequences of its events, cut into random
 * live batches, the fast path (the batch's statements, as the runner sends them; `apply` for a projection
 * that opens sealed fields) and a rebuild's bulk fold each leave exactly the rows that applying the pure
 * function's changes one by one, a plain statement each, leaves.
 *
 * Events are generated from the handled events' zod schemas, each value drawn from a small pool (three
 * ids, three instants, short words), so that events of one run meet on the same rows.
 */

const IDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
const INSTANTS = ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-03T10:30:00.000Z'];
const WORDS = ['a', 'b', 'ab', 'é', 'Zug', 'ёж'];

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Values of a zod schema drawn from the small pools; the schema's own parse filters them after. */
export function arbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => arbitraryOf(def[key] as z.ZodType);
  switch (def.type) {
    case 'string': {
      if (def.format === 'uuid' || def.format === 'guid') return fc.constantFrom(...IDS);
      if (def.format === 'datetime') return fc.constantFrom(...INSTANTS);
      if (def.format === 'date') return fc.constantFrom('2026-01-01', '2026-01-02');
      if (def.format === 'email') return fc.constantFrom('a@example.com', 'b@example.com');
      if (def.format === 'url') return fc.constantFrom('https://example.com/a', 'https://example.com/b');
      const pattern = ((def.checks ?? []) as z.ZodType[]).map((c) => defOf(c).pattern).find((p) => p instanceof RegExp);
      if (pattern) {
        try {
          return fc.stringMatching(pattern as RegExp);
        } catch {
          // A pattern fast-check cannot generate from (lookahead): the pools, filtered by the schema.
        }
      }
      return fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 12 }));
    }
    case 'number':
      return fc.oneof(fc.constantFrom(0, 1, 2, 3, 7), fc.double({ min: 0, max: 10, noNaN: true }));
    case 'bigint':
      return fc.constantFrom(0n, 1n, 2n);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.constantFrom(...INSTANTS.map((i) => new Date(i)));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'array':
      return fc.array(inner('element'), { maxLength: 3 });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(arbitraryOf));
    case 'record':
      return fc.dictionary(fc.constantFrom(...WORDS), inner('valueType'), { maxKeys: 2 });
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, arbitraryOf(s)]))).map(withoutUndefined);
    }
    default:
      return fc.constant(null);
  }
}

const withoutUndefined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export interface EquivalenceOptions {
  /** Streams the events are on, where a handler reads its stream (default: a few made-up ones). */
  streamId?: fc.Arbitrary<string>;
  /** How many random sequences (default 60). */
  runs?: number;
  /** The longest sequence (default 40 events). */
  maxEvents?: number;
}

/** Events of the projection's handled types, valid for their schemas (as stored: the schema's output). */
export function eventsArbitrary(projection: DeclaredProjection, options: EquivalenceOptions = {}): fc.Arbitrary<SpecEvent[]> {
  const streamId = options.streamId ?? fc.constantFrom('spec-1', 'spec-2');
  const one = fc.oneof(
    ...projection.declaration.on.map((h) => {
      const schema = h.event.schema as z.ZodType;
      return arbitraryOf(schema)
        .map((data) => schema.safeParse(data))
        .filter((parsed) => parsed.success)
        .chain((parsed) =>
          fc.record({ streamId, userId: fc.option(fc.constantFrom(...IDS), { nil: undefined }) }).map(({ streamId: s, userId }) => ({
            type: h.event.type,
            data: parsed.data as Record<string, unknown>,
            streamId: s,
            metadata: userId ? { userId } : {},
          })),
        );
    }),
  );
  return fc.array(one, { maxLength: options.maxEvents ?? 40 });
}

/** The reference: each event's changes one at a time, each a plain statement of its own. */
async function applyOneByOne(db: Knex, projection: DeclaredProjection, events: RecordedEvent[], t: TableNames): Promise<void> {
  const { tables } = projection.declaration;
  for (const event of events) {
    await db.transaction(async (trx) => {
      for (const c of await projection.changesOf([event], trx, t)) {
        const table = tables[c.table]!;
        const values = (row: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, sqlValue(table, k, v)]));
        await changeAlone(trx, t(c.table), table.key, c, values, table);
      }
      // Aggregate columns after each event: what they are by definition (declared-aggregates.ts).
      await applyStatements(allAggregateStatements(tables, t), trx);
    });
  }
  // Rollups: what they are by definition, from their source tables (declared-rollups.ts).
  await db.transaction((trx) => recomputeRollups(trx, tables, t));
}

async function changeAlone(
  trx: Knex.Transaction,
  table: string,
  key: readonly string[],
  c: RowChange,
  values: (row: Record<string, unknown>) => Record<string, unknown>,
  declared: TableDeclaration,
): Promise<void> {
  if (c.kind === 'removeFromList') {
    const gone = await trx(table).where(values(c.where)).first();
    await trx(table).where(values(c.where)).delete();
    const list = c.list.map((col) => [col, gone?.[col]] as const);
    if (!gone || gone[c.index] === null || list.some(([, v]) => v === null)) return;
    await trx(table).where(Object.fromEntries(list)).where(c.index, '>', gone[c.index]).decrement(c.index, 1);
    return;
  }
  if (c.kind === 'update' || c.kind === 'remove') {
    if (Object.values(c.where).some((v) => v === null || v === undefined)) return; // SQL's =: null matches nothing
    const q = trx(table).where(values(c.where));
    if (c.kind === 'remove') await q.delete();
    else {
      // A jsonb column's addition or merge: the statements' SQL (declared-json.ts), on the column and the value alone.
      const json = (k: string, v: unknown, sql: (into: string, value: string) => string) =>
        trx.raw(`(select ${sql('j.a', 'j.b')} from (select ?? as a, ?::jsonb as b) as j)`, [k, JSON.stringify(v)]);
      const sums = Object.entries(c.add ?? {}).map(([k, v]) => [
        k,
        isJsonColumn(declared, k) ? json(k, v, addSql) : trx.raw('?? + ?', [k, Number(v)]),
      ]);
      const merges = Object.entries(c.merge ?? {}).map(([k, v]) => [k, json(k, v, (a, b) => mergeSql(a, b, mergeDepth(asStored(v))))]);
      await q.update({ ...values(c.set), ...Object.fromEntries(sums), ...Object.fromEntries(merges) });
    }
    return;
  }
  const row = values(c.row);
  const rest = Object.keys(row).filter((k) => !key.includes(k));
  const insert = trx(table)
    .insert(row)
    .onConflict([...key]);
  if (c.kind === 'insert' || !rest.length) await insert.ignore();
  else if (c.kind === 'increment')
    await insert.merge(Object.fromEntries(rest.map((k) => [k, trx.raw('??.?? + excluded.??', [table, k, k])])));
  else if (c.newerBy) await insert.merge(rest).where(`${table}.${c.newerBy}`, '<', row[c.newerBy] as number);
  else if (c.olderBy) await insert.merge(rest).where(`${table}.${c.olderBy}`, '>', row[c.olderBy] as string);
  else await insert.merge(rest);
}

/** Cuts events into consecutive batches of the given sizes (the last takes the rest). */
function batches<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const out: T[][] = [];
  let i = 0;
  for (const size of sizes) {
    if (i >= items.length) break;
    out.push(items.slice(i, i + size));
    i += size;
  }
  if (i < items.length) out.push(items.slice(i));
  return out;
}

/** Runs the equivalence property of one declared projection on `db`; answers how many sequences it tried. */
export async function checkEquivalence(db: Knex, projection: DeclaredProjection, options: EquivalenceOptions = {}): Promise<number> {
  const [reference, fast, bulk] = [await freshTables(db, projection), await freshTables(db, projection), await freshTables(db, projection)];
  const all = [reference, fast, bulk];
  const rowsOf = async (t: TableNames) => {
    const out: Record<string, unknown[]> = {};
    for (const table of projection.tables) out[table] = await tableRows(db, projection, table, t);
    return out;
  };
  const runs = options.runs ?? 60;
  await fc.assert(
    fc.asyncProperty(
      eventsArbitrary(projection, options),
      fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 8 }),
      async (spec, sizes) => {
        for (const t of all) for (const table of projection.tables) await db.raw('truncate ??', [t(table)]);
        const events = recordedEvents(projection, spec);
        try {
          await applyOneByOne(db, projection, events, reference);
        } catch (error) {
          // A log that breaks a declared unique index is one its write side does not make (its claims keep the
          // values unique): not a sequence to compare on.
          fc.pre(!breaksUnique(error));
          throw error;
        }
        for (const batch of batches(events, sizes)) {
          await db.transaction(async (trx) => {
            const statements = projection.statements?.(batch, { t: fast });
            if (statements) await applyStatements(statements, trx);
            else await projection.apply(batch, { trx, t: fast });
          });
        }
        const fold = projection.bulk!();
        for (const batch of batches(events, sizes)) fold.add(batch);
        await db.transaction((trx) => fold.write({ trx, t: bulk }));
        const expected = await rowsOf(reference);
        deepStrictEqual(await rowsOf(fast), expected, 'batched statements');
        deepStrictEqual(await rowsOf(bulk), expected, 'bulk fold');
      },
    ),
    { numRuns: runs },
  );
  for (const t of all) for (const table of projection.tables) await db.raw('drop table ??', [t(table)]);
  return runs;
}
