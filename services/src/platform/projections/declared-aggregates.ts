import { HOT_ROWS, arrayParameter, quoted } from './bulk-load';
import type { Aggregate, Row, RowChange, TableDeclaration } from './declaration';
import type { TableNames, WriteStatement } from './projection';

/**
 * Aggregate columns (TableDeclaration.aggregates: `countOf`, `averageOf`): a column of a row that is always the
 * count or the average of another table's rows pointing at it (an article's ratings). It is a function of the
 * tables as they are, not of the order that made them, so the platform recomputes it once a batch for the rows
 * the batch may have changed it for, and the fold once from its rows; the reference recomputes it after each
 * event. A handler's value for it is overwritten.
 */

type Tables = Readonly<Record<string, TableDeclaration>>;
interface Declared {
  table: string;
  key: string;
  column: string;
  aggregate: Aggregate;
}

const cache = new WeakMap<Tables, Declared[]>();
function declaredIn(tables: Tables): Declared[] {
  let found = cache.get(tables);
  if (!found) {
    found = [];
    for (const [table, declared] of Object.entries(tables)) {
      for (const [column, aggregate] of Object.entries(declared.aggregates ?? {})) {
        if (declared.key.length !== 1) throw new Error(`${table}.${column}: an aggregate column needs a one-column key`);
        if (!tables[aggregate.of]) throw new Error(`${table}.${column}: no table ${aggregate.of} declared`);
        found.push({ table, key: declared.key[0]!, column, aggregate });
      }
    }
    cache.set(tables, found);
  }
  return found;
}

type Keys = Set<unknown> | 'all';

/** The keys of the rows whose aggregate may have changed with `c` (`all` when the change does not say which). */
function touchedBy(c: RowChange, d: Declared, tables: Tables): Keys | undefined {
  const { by } = d.aggregate;
  const valued = 'average' in d.aggregate ? [by, d.aggregate.average] : [by];
  if (c.table === d.table) {
    // A row of its own: new rows start from what their aggregate is now; a handler writing it is overwritten.
    if (c.kind === 'insert' || c.kind === 'upsert' || c.kind === 'increment') return new Set([c.row[d.key]]);
    if (c.kind === 'update' && [c.set, c.add ?? {}].some((r) => d.column in r)) return d.key in c.where ? new Set([c.where[d.key]]) : 'all';
    return undefined;
  }
  if (c.table !== d.aggregate.of) return undefined;
  const ofKey = tables[d.aggregate.of]!.key;
  switch (c.kind) {
    case 'insert':
    case 'upsert':
    case 'increment':
      // A row replaced under its key stays with its parent only if the parent is part of its key.
      return ofKey.includes(by) && by in c.row ? new Set([c.row[by]]) : 'all';
    case 'remove':
      return by in c.where ? new Set([c.where[by]]) : 'all';
    case 'update': {
      const written = [c.set, c.add ?? {}].some((r) => valued.some((col) => col in r));
      if (!written) return undefined;
      return by in c.where && !(by in c.set) ? new Set([c.where[by]]) : 'all';
    }
    default:
      return 'all';
  }
}

const typeOf = (tables: Tables, table: string, column: string) => tables[table]!.columns[column]!.replace('?', '');

/** The aggregate of the rows of `of` whose `by` is the row `q`'s key, as SQL. */
function valueSql(d: Declared, tables: Tables, t: TableNames): string {
  const a = d.aggregate;
  const from = `from ${quoted(t(a.of))} o where o.${quoted(a.by)} = q.${quoted(d.key)}`;
  const value =
    'average' in a
      ? `coalesce((select sum(o.${quoted(a.average)})::float8 / nullif(count(o.${quoted(a.average)}), 0) ${from}), 0)`
      : `(select count(*) ${from})`;
  return `${value}::${typeOf(tables, d.table, d.column)}`;
}

/** Recomputes `columns` of `table`'s rows of `keys` (every row for `all`), writing only the rows that change. */
function recompute(tables: Tables, t: TableNames, table: string, columns: readonly Declared[], keys: Keys): WriteStatement {
  const key = quoted(columns[0]!.key);
  const names = columns.map((d) => quoted(d.column));
  const filter = keys === 'all' ? '' : ` where q.${key} = any(?::${typeOf(tables, table, columns[0]!.key)}[])`;
  const sql = `update ${quoted(t(table))} p set ${names.map((n) => `${n} = s.${n}`).join(', ')}
    from (select q.${key}, ${columns.map((d) => `${valueSql(d, tables, t)} as ${quoted(d.column)}`).join(', ')}
            from ${quoted(t(table))} q${filter}) s
   where p.${key} = s.${key} and (${names.map((n) => `p.${n}`).join(', ')}) is distinct from (${names.map((n) => `s.${n}`).join(', ')})`;
  if (keys === 'all') return { sql, bindings: [], hot: false };
  return { sql, bindings: [arrayParameter([...keys]) as string], hot: keys.size <= HOT_ROWS };
}

/** After a batch's statements: the aggregates of the rows its changes may have changed them for. */
export function aggregateStatements(changes: readonly RowChange[], tables: Tables, t: TableNames): WriteStatement[] {
  const declared = declaredIn(tables);
  if (!declared.length) return [];
  const keysOf = new Map<Declared, Keys>();
  for (const c of changes) {
    for (const d of declared) {
      const touched = touchedBy(c, d, tables);
      if (!touched) continue;
      const before = keysOf.get(d);
      if (touched === 'all' || before === 'all') keysOf.set(d, 'all');
      else if (!before) keysOf.set(d, new Set([...touched].filter((k) => k !== null && k !== undefined)));
      else for (const k of touched) if (k !== null && k !== undefined) before.add(k);
    }
  }
  const out: WriteStatement[] = [];
  for (const table of new Set([...keysOf.keys()].map((d) => d.table))) {
    const mine = [...keysOf].filter(([d]) => d.table === table);
    const all = mine.filter(([, k]) => k === 'all').map(([d]) => d);
    if (all.length) out.push(recompute(tables, t, table, all, 'all'));
    const some = mine.filter(([, k]) => k !== 'all');
    const keys = new Set(some.flatMap(([, k]) => [...(k as Set<unknown>)]));
    if (keys.size)
      out.push(
        recompute(
          tables,
          t,
          table,
          some.map(([d]) => d),
          keys,
        ),
      );
  }
  return out;
}

/** Every aggregate of every row (the one-by-one reference runs it after each event). */
export function allAggregateStatements(tables: Tables, t: TableNames): WriteStatement[] {
  const declared = declaredIn(tables);
  return [...new Set(declared.map((d) => d.table))].map((table) =>
    recompute(
      tables,
      t,
      table,
      declared.filter((d) => d.table === table),
      'all',
    ),
  );
}

/** The fold's rows (by table, by key) with their aggregates computed from the rows they aggregate, in place. */
export function fillAggregates(tables: Tables, rows: ReadonlyMap<string, Map<string, Row>>): void {
  for (const d of declaredIn(tables)) {
    const a = d.aggregate;
    const groups = new Map<string, { n: number; sum: number }>();
    for (const row of rows.get(a.of)!.values()) {
      const parent = row[a.by];
      const value = 'average' in a ? row[a.average] : 0;
      if (parent === null || parent === undefined || value === null || value === undefined) continue;
      const g = groups.get(String(parent)) ?? { n: 0, sum: 0 };
      g.n += 1;
      g.sum += Number(value);
      groups.set(String(parent), g);
    }
    const own = rows.get(d.table)!;
    for (const [k, row] of own) {
      const g = groups.get(String(row[d.key]));
      const value = !g ? 0 : 'average' in a ? g.sum / g.n : g.n;
      own.set(k, { ...row, [d.column]: value });
    }
  }
}
