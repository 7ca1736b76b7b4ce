import { HOT_ROWS, columnArrays, deleteSql, insertSql, quoted, writeRowsStatements, type Column } from './bulk-load';
import type { Row, RowChange, TableDeclaration } from './declaration';
import {
  addSql,
  asStored,
  checkJsonChange,
  composeAdds,
  composeMerges,
  isJsonColumn,
  mergeDepth,
  mergeSql,
  NOT_ONE,
} from './declared-json';
import { checkColumns, columnsOf, rowValues } from './declared-tables';
import { aggregateStatements } from './declared-aggregates';
import type { TableNames, WriteStatement } from './projection';

/**
 * A batch's row changes as few statements. Changes to different tables commute, so each table's are taken
 * in their order on their own; a run of changes of one kind and shape on a table collapses to one statement
 * of one array a column (the text fixed by the shape, so a live batch's is prepared once: `hot`):
 * - whole-row upserts and removes by key: each key's last change (one statement, deletes and upserts);
 * - partial upserts: each key's last; `insert`: each key's first; `newerBy` upserts: each key's highest;
 * - increments: summed by key; updates and removes by other columns: one a distinct `where` (`add`s summed).
 * Each of these leaves what applying the run's changes one by one leaves (the equivalence property).
 */
export function batchStatements(
  changes: readonly RowChange[],
  tables: Readonly<Record<string, TableDeclaration>>,
  t: TableNames,
): WriteStatement[] {
  const byTable = new Map<string, RowChange[]>();
  for (const c of changes) {
    const table = tables[c.table];
    if (!table) throw new Error(`No table ${c.table} declared`);
    checkColumns(c.table, table, 'row' in c ? c.row : c.where);
    if (c.kind === 'removeFromList') checkColumns(c.table, table, Object.fromEntries([...c.list, c.index].map((col) => [col, null])));
    if (c.kind === 'update') {
      checkColumns(c.table, table, c.set);
      if (c.add) checkColumns(c.table, table, c.add);
      if (c.merge) checkColumns(c.table, table, c.merge);
      checkJsonChange(c.table, table, c);
    }
    const list = byTable.get(c.table);
    if (list) list.push(c);
    else byTable.set(c.table, [c]);
  }
  const out: WriteStatement[] = [];
  for (const [name, list] of byTable) {
    const table = tables[name]!;
    for (const run of runs(list, table)) out.push(...runStatements(run, table, t(name)));
  }
  // Aggregate columns, from the rows as the batch left them (declared-aggregates.ts).
  out.push(...aggregateStatements(changes, tables, t));
  return out;
}

type RunKind = 'set' | 'merge' | 'insert' | 'newer' | 'older' | 'increment' | 'removeWhere' | 'update' | 'removeFromList';

interface Run {
  kind: RunKind;
  /** The statement's shape: its columns (and for `newer`, the column compared). */
  shape: string | undefined;
  changes: RowChange[];
}

/** A row's columns as a statement's shape (in the handler's order: a handler that keeps it keeps its runs whole). */
const columnList = (row: Row) => Object.keys(row).join(',');
const isKey = (table: TableDeclaration, where: Row) => Object.keys(where).length === table.key.length && table.key.every((k) => k in where);
/** Its columns were checked to be declared, so a row of as many columns as the table is a whole row. */
const isWholeRow = (table: TableDeclaration, row: Row) => Object.keys(row).length === columnCount(table);
const columnCounts = new WeakMap<TableDeclaration, number>();
function columnCount(table: TableDeclaration): number {
  let n = columnCounts.get(table);
  if (n === undefined) columnCounts.set(table, (n = Object.keys(table.columns).length));
  return n;
}

/** The run a change belongs to, and the shape it needs; `set` removes fit any `set` run. */
function runOf(change: RowChange, table: TableDeclaration): { kind: RunKind; shape: string | undefined } {
  switch (change.kind) {
    case 'insert':
      return { kind: 'insert', shape: columnList(change.row) };
    case 'increment':
      return { kind: 'increment', shape: columnList(change.row) };
    case 'update':
      return {
        kind: 'update',
        shape: `${columnList(change.where)}|${columnList(change.set)}|${columnList(change.add ?? {})}|${columnList(change.merge ?? {})}`,
      };
    case 'removeFromList':
      return { kind: 'removeFromList', shape: `${columnList(change.where)}|${change.list.join(',')}|${change.index}` };
    case 'remove':
      return isKey(table, change.where) ? { kind: 'set', shape: undefined } : { kind: 'removeWhere', shape: columnList(change.where) };
    case 'upsert':
      if (change.newerBy) return { kind: 'newer', shape: `${columnList(change.row)}|${change.newerBy}` };
      if (change.olderBy) return { kind: 'older', shape: `${columnList(change.row)}|${change.olderBy}` };
      return isWholeRow(table, change.row)
        ? { kind: 'set', shape: columnList(change.row) }
        : { kind: 'merge', shape: columnList(change.row) };
  }
}

function runs(changes: readonly RowChange[], table: TableDeclaration): Run[] {
  const out: Run[] = [];
  let current: Run | undefined;
  for (const change of changes) {
    const { kind, shape } = runOf(change, table);
    const fits = current && current.kind === kind && (shape === undefined || current.shape === undefined || current.shape === shape);
    if (current && fits) {
      current.shape ??= shape;
      current.changes.push(change);
    } else {
      if (current) out.push(current);
      current = { kind, shape, changes: [change] };
    }
  }
  if (current) out.push(current);
  return out;
}

/** A key's values as one string (a separator no text value holds), and back (`set` runs' removed keys). */
const keyOf = (columns: readonly string[], row: Row) => {
  let k = String(row[columns[0]!]);
  for (let i = 1; i < columns.length; i++) k += '\u0000' + String(row[columns[i]!]);
  return k;
};
const typed = (table: TableDeclaration, names: readonly string[]): Column[] => {
  const all = new Map(columnsOf(table));
  return names.map((n) => [n, all.get(n)!]);
};
const assignments = (columns: readonly string[], value: (c: string) => string) =>
  columns.map((c) => `${quoted(c)} = ${value(c)}`).join(', ');

function runStatements(run: Run, table: TableDeclaration, physical: string): WriteStatement[] {
  const key = table.key;
  const rowsOf = (changes: RowChange[]) => changes.map((c) => (c as { row: Row }).row);
  switch (run.kind) {
    case 'set': {
      // Each key's last change: its row, or its removal.
      const last = new Map<string, RowChange>();
      for (const c of run.changes) {
        const k = keyOf(key, c.kind === 'remove' ? c.where : (c as { row: Row }).row);
        last.delete(k); // keep the map in the order of the last change
        last.set(k, c);
      }
      const columns = run.shape ? run.shape.split(',') : [...key];
      const nonKey = columns.filter((c) => !key.includes(c));
      const rows: unknown[][] = [];
      const removed: unknown[][] = [];
      for (const c of last.values()) {
        if (c.kind === 'remove') removed.push(rowValues(table, key, c.where));
        else rows.push(rowValues(table, columns, (c as { row: Row }).row));
      }
      return writeRowsStatements(
        physical,
        {
          cols: typed(table, columns),
          rows,
          conflict: { key, merge: nonKey.length ? assignments(nonKey, (c) => `excluded.${quoted(c)}`) : null },
        },
        { cols: typed(table, key), keys: removed },
      );
    }
    case 'merge':
    case 'insert':
    case 'newer':
    case 'older':
    case 'increment': {
      const columns = run.shape!.split('|')[0]!.split(',');
      const nonKey = columns.filter((c) => !key.includes(c));
      const newerBy = run.kind === 'newer' ? run.shape!.split('|')[1]! : undefined;
      const olderBy = run.kind === 'older' ? run.shape!.split('|')[1]! : undefined;
      const chosen = new Map<string, Row>();
      for (const row of rowsOf(run.changes)) {
        const k = keyOf(key, row);
        const before = chosen.get(k);
        if (!before) chosen.set(k, row);
        else if (run.kind === 'merge') chosen.set(k, row);
        else if (run.kind === 'newer' && Number(before[newerBy!]) < Number(row[newerBy!])) chosen.set(k, row);
        else if (run.kind === 'older' && isLower(row[olderBy!], before[olderBy!])) chosen.set(k, row);
        else if (run.kind === 'increment')
          chosen.set(k, { ...row, ...Object.fromEntries(nonKey.map((c) => [c, Number(before[c]) + Number(row[c])])) });
      }
      const target = quoted(physical);
      const merge =
        run.kind === 'insert' || !nonKey.length
          ? null
          : run.kind === 'increment'
            ? assignments(nonKey, (c) => `${target}.${quoted(c)} + excluded.${quoted(c)}`)
            : assignments(nonKey, (c) => `excluded.${quoted(c)}`) +
              (newerBy ? ` where ${target}.${quoted(newerBy)} < excluded.${quoted(newerBy)}` : '') +
              (olderBy ? ` where ${target}.${quoted(olderBy)} > excluded.${quoted(olderBy)}` : '');
      const rows = [...chosen.values()].map((r) => rowValues(table, columns, r));
      return chunked(rows, (part) => ({
        sql: insertSql(physical, typed(table, columns), { key, merge }),
        bindings: columnArrays(typed(table, columns), part),
      }));
    }
    case 'removeWhere': {
      const columns = run.shape!.split(',');
      const distinct = new Map(run.changes.map((c) => [keyOf(columns, (c as { where: Row }).where), (c as { where: Row }).where]));
      const keys = [...distinct.values()].map((w) => rowValues(table, columns, w));
      return chunked(keys, (part) => ({
        sql: deleteSql(physical, typed(table, columns)),
        bindings: columnArrays(typed(table, columns), part),
      }));
    }
    case 'removeFromList': {
      // One statement a removal, in order: each closes the gap its row leaves as the lists are then (admins'
      // removals are rare; a list holding one place twice could not be done in one go).
      const [keyColumns, listColumns, [index]] = run.shape!.split('|').map((s) => s.split(',')) as [string[], string[], [string]];
      const at = quoted(index);
      const returned = [...new Set([...listColumns, index])].map((c) => `r.${quoted(c)}`).join(', ');
      const sql = `with gone as (${deleteSql(physical, typed(table, keyColumns))} returning ${returned})
        update ${quoted(physical)} r set ${at} = r.${at} - 1 from gone g
        where ${[...listColumns.map((c) => `r.${quoted(c)} = g.${quoted(c)}`), `r.${at} > g.${at}`].join(' and ')}`;
      return run.changes.map((c) => ({
        sql,
        bindings: columnArrays(typed(table, keyColumns), [rowValues(table, keyColumns, (c as { where: Row }).where)]),
        hot: true,
      }));
    }
    case 'update': {
      // One a distinct `where` (the same columns with other values match other rows): its last `set`, its `add`s
      // summed, its merges as one; where two merges cannot be one (declared-json.ts), a statement ends there.
      const [whereColumns, setColumns, addColumns, mergeColumns] = run.shape!.split('|').map((s) => (s ? s.split(',') : [])) as [
        string[],
        string[],
        string[],
        string[],
      ];
      type Update = { where: Row; set: Row; add: Record<string, unknown>; merge: Record<string, unknown> };
      const statements: Map<string, Update>[] = [new Map()];
      // An update that changes a column it is found by (a key moved) changes which rows the next one finds:
      // each is a statement of its own, in order (one statement sees the rows as they were before it).
      const movesWhere = [...setColumns, ...addColumns, ...mergeColumns].some((c) => whereColumns.includes(c));
      for (const c of run.changes as Extract<RowChange, { kind: 'update' }>[]) {
        if (movesWhere && statements.at(-1)!.size > 0) statements.push(new Map());
        const k = keyOf(whereColumns, c.where);
        let before = statements.at(-1)!.get(k);
        const merged = before && mergeColumns.map((col) => composeMerges(before!.merge[col], asStored(c.merge![col])));
        if (merged?.includes(NOT_ONE)) {
          statements.push(new Map());
          before = undefined;
        }
        const merge = Object.fromEntries(mergeColumns.map((col, i) => [col, before ? merged![i] : asStored(c.merge![col])]));
        const add: Record<string, unknown> = {};
        for (const col of addColumns) {
          const value = isJsonColumn(table, col) ? asStored(c.add![col]) : Number(c.add![col]);
          add[col] = !before
            ? value
            : isJsonColumn(table, col)
              ? composeAdds(before.add[col], value)
              : (value as number) + (before.add[col] as number);
        }
        statements.at(-1)!.set(k, { where: c.where, set: c.set, add, merge });
      }
      const cols = typed(table, [...whereColumns, ...setColumns, ...addColumns, ...mergeColumns]);
      const names = [
        ...whereColumns.map((c) => `w_${c}`),
        ...setColumns.map((c) => `s_${c}`),
        ...addColumns.map((c) => `a_${c}`),
        ...mergeColumns.map((c) => `m_${c}`),
      ];
      return statements.flatMap((last) => {
        const updates = [...last.values()];
        const rows = updates.map((u) => [
          ...rowValues(table, whereColumns, u.where),
          ...rowValues(table, setColumns, u.set),
          ...rowValues(table, addColumns, u.add),
          ...rowValues(table, mergeColumns, u.merge),
        ]);
        const sets = [
          ...setColumns.map((c) => `${quoted(c)} = u.${quoted(`s_${c}`)}`),
          ...addColumns.map((c) =>
            isJsonColumn(table, c)
              ? `${quoted(c)} = ${addSql(`r.${quoted(c)}`, `u.${quoted(`a_${c}`)}`)}`
              : `${quoted(c)} = r.${quoted(c)} + u.${quoted(`a_${c}`)}`,
          ),
          ...mergeColumns.map((c) => {
            const depth = Math.max(...updates.map((u) => mergeDepth(u.merge[c])));
            return `${quoted(c)} = ${mergeSql(`r.${quoted(c)}`, `u.${quoted(`m_${c}`)}`, depth)}`;
          }),
        ];
        const sql = `update ${quoted(physical)} r set ${sets.join(', ')}
        from unnest(${cols.map(([, type]) => `?::${type}[]`).join(', ')}) as u(${names.map(quoted).join(', ')})
        where ${whereColumns.map((c) => `r.${quoted(c)} = u.${quoted(`w_${c}`)}`).join(' and ')}`;
        return chunked(rows, (part) => ({ sql, bindings: columnArrays(cols, part) }));
      });
    }
  }
}

/** `a < b` as SQL compares the column's values: numbers as numbers, text and days ('YYYY-MM-DD') as text. */
export function isLower(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return typeof a === 'number' || typeof b === 'number' ? Number(a) < Number(b) : String(a) < String(b);
}

const ROWS_PER_STATEMENT = 50_000;

function chunked(
  rows: readonly (readonly unknown[])[],
  statement: (part: readonly (readonly unknown[])[]) => Omit<WriteStatement, 'hot'>,
): WriteStatement[] {
  const out: WriteStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const part = rows.slice(i, i + ROWS_PER_STATEMENT);
    out.push({ ...statement(part), hot: part.length <= HOT_ROWS });
  }
  return out;
}
