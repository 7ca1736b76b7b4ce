import type { Knex } from 'knex';
import { canCopyFromStdin, copyRows, loadWithoutIndexes, quoted } from './bulk-load';
import type { Row, RowChange, TableDeclaration } from './declaration';
import { rollupRows } from './declared-rollups';
import { isLower } from './declared-statements';
import { addedAndMerged } from './declared-json';
import { columnsOf, rowValues } from './declared-tables';
import { fillAggregates } from './declared-aggregates';
import type { TableNames } from './projection';

/** SQL's `=`: null matches nothing. */
const matches = (row: Row, where: Row) => Object.entries(where).every(([c, v]) => v !== null && v !== undefined && row[c] === v);

/**
 * A read model held in memory: each table's rows by key, changed as the statements would change them. A
 * rebuild folds the whole log into it and writes it once (`write`), a few bulk loads instead of a
 * transaction a batch.
 */
export class MemoryTables {
  private readonly rows = new Map<string, Map<string, Row>>();

  constructor(private readonly tables: Readonly<Record<string, TableDeclaration>>) {
    for (const name of Object.keys(tables)) this.rows.set(name, new Map());
  }

  /** Each table's key of a row and whole row (missing columns null), made once: a rebuild applies millions of changes. */
  private readonly helpers = new Map<string, { keyOf: (row: Row) => string; whole: (row: Row) => Row }>();
  private helpersOf(name: string) {
    let h = this.helpers.get(name);
    if (!h) {
      const table = this.tables[name]!;
      const columns = Object.keys(table.columns);
      h = {
        keyOf: (row) => {
          let k = '';
          for (const c of table.key) {
            const v = row[c];
            k += v === null || v === undefined ? '\u0001\u0000' : `${String(v)}\u0000`;
          }
          return k;
        },
        whole: (row) => {
          const out: Record<string, unknown> = {};
          for (const c of columns) out[c] = row[c] ?? null;
          return out;
        },
      };
      this.helpers.set(name, h);
    }
    return h;
  }

  /** The row of `key` (a whole key) in `table`, as the changes so far left it. */
  get(table: string, key: Row): Row | undefined {
    return this.rows.get(table)!.get(this.helpersOf(table).keyOf(key));
  }

  /** Rows as stored before the changes (a live batch's lookups start from the rows they read). */
  seed(table: string, rows: readonly Row[]): void {
    const { keyOf } = this.helpersOf(table);
    for (const row of rows) this.rows.get(table)!.set(keyOf(row), row);
  }

  apply(change: RowChange): void {
    const table = this.tables[change.table]!;
    const rows = this.rows.get(change.table)!;
    const { keyOf, whole } = this.helpersOf(change.table);
    if (change.kind === 'removeFromList') {
      const k = keyOf(change.where);
      const gone = rows.get(k);
      if (!gone) return;
      rows.delete(k);
      const at = gone[change.index];
      if (at === null || at === undefined) return;
      const list = Object.fromEntries(change.list.map((c) => [c, gone[c]]));
      for (const [other, row] of rows) {
        const i = row[change.index];
        if (matches(row, list) && i !== null && i !== undefined && Number(i) > Number(at))
          rows.set(other, { ...row, [change.index]: Number(i) - 1 });
      }
      return;
    }
    if (change.kind === 'update' && table.key.some((c) => c in change.set)) {
      // An update of key columns (an erased reader's rows given another id) moves the rows to their new keys.
      for (const [k, row] of [...rows]) {
        if (!matches(row, change.where)) continue;
        const moved = { ...row, ...change.set };
        rows.delete(k);
        rows.set(keyOf(moved), moved);
      }
      return;
    }
    if (change.kind === 'update' || change.kind === 'remove') {
      const keyed = table.key.every((k) => k in change.where) && Object.keys(change.where).length === table.key.length;
      const hits = keyed ? [keyOf(change.where)].filter((k) => rows.has(k) && matches(rows.get(k)!, change.where)) : [...rows.keys()];
      for (const k of hits) {
        const row = rows.get(k)!;
        if (!matches(row, change.where)) continue;
        if (change.kind === 'remove') rows.delete(k);
        else if (!change.add && !change.merge) rows.set(k, { ...row, ...change.set });
        else rows.set(k, { ...row, ...change.set, ...addedAndMerged(table, row, change) });
      }
      return;
    }
    const k = keyOf(change.row);
    const before = rows.get(k);
    if (!before) {
      rows.set(k, whole(change.row));
      return;
    }
    if (change.kind === 'insert') return;
    if (change.kind === 'increment') {
      // In place: a row in memory is this map's alone (a rebuild adds to the same counters millions of times).
      const row = before as Record<string, unknown>;
      for (const c in change.row) if (!table.key.includes(c)) row[c] = Number(row[c]) + Number(change.row[c]);
      return;
    }
    if (change.newerBy && !(Number(before[change.newerBy]) < Number(change.row[change.newerBy]))) return;
    if (change.olderBy && !isLower(change.row[change.olderBy], before[change.olderBy])) return;
    rows.set(k, { ...before, ...change.row });
  }

  /** Writes every table into fresh, empty tables (indexes built once, after the rows). */
  async write(trx: Knex.Transaction, t: TableNames): Promise<void> {
    const copy = await canCopyFromStdin(trx);
    fillAggregates(this.tables, this.rows);
    for (const [name, rows] of this.rows) {
      const table = this.tables[name]!;
      const columns = columnsOf(table);
      const names = columns.map(([c]) => c);
      // A rollup's rows are computed from its source's (declared-rollups.ts).
      const values = table.derived
        ? rollupRows({ name, derivation: table.derived, table }, this.rows.get(table.derived.source)!.values())
        : [...rows.values()].map((r) => rowValues(table, names, r));
      await loadWithoutIndexes(trx, [t(name)], () => copyRows(trx, t(name), columns, values, copy));
      // Fresh tables have no planner statistics until autovacuum comes by: the reads after a rebuild need them.
      await trx.raw(`analyze ${quoted(t(name))}`);
    }
  }
}
