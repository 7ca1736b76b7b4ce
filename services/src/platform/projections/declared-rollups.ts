import type { Knex } from 'knex';
import { columnArrays, insertRows, quoted, type Column } from './bulk-load';
import type { Derivation, Row, RowChange, TableDeclaration } from './declaration';
import { batchStatements } from './declared-statements';
import { columnsOf, rowValues } from './declared-tables';
import { applyStatements, type TableNames } from './projection';

/**
 * The rollups a declaration derives from its tables (`sumsOf`, `gapsOf` in declaration.ts), kept three ways
 * that must agree (the equivalence property): a live batch changes them by the difference its source rows
 * make (`applyWithRollups`), a rebuild's fold computes them from the source rows in memory (`rollupRows`),
 * and `recomputeRollups` recomputes them from the source table with one query (the reference).
 */

type Tables = Readonly<Record<string, TableDeclaration>>;
type Derived = { name: string; derivation: Derivation; table: TableDeclaration };

export const derivedTables = (tables: Tables): Derived[] =>
  Object.entries(tables)
    .filter(([, t]) => t.derived)
    .map(([name, table]) => ({ name, derivation: table.derived!, table }));

/** Refuses what a rollup cannot follow: a handler writing a rollup, a sums source changed but by increments and removes. */
function checkChange(c: RowChange, tables: Tables, derived: readonly Derived[]): void {
  if (tables[c.table]?.derived) throw new Error(`${c.table} is derived: no handler writes it`);
  for (const d of derived) {
    if (d.derivation.source !== c.table) continue;
    const ok =
      c.kind === 'increment' || c.kind === 'remove' || (d.derivation.kind === 'gaps' && (c.kind === 'insert' || c.kind === 'upsert'));
    if (!ok) throw new Error(`${c.table} is the source of ${d.name}: a ${c.kind} of it cannot be followed`);
  }
}

/**
 * A live batch's changes with its rollups: the batch is cut at each removal from a rollup's source (a user's
 * deletion), each piece written as its statements between the rollups' reads of what it changes.
 */
export async function applyWithRollups(trx: Knex.Transaction, tables: Tables, t: TableNames, changes: readonly RowChange[]): Promise<void> {
  const derived = derivedTables(tables);
  const sources = new Set(derived.map((d) => d.derivation.source));
  let piece: RowChange[] = [];
  const flush = async () => {
    if (piece.length) await writePiece(trx, tables, derived, t, piece);
    piece = [];
  };
  for (const c of changes) {
    checkChange(c, tables, derived);
    if (c.kind === 'remove' && sources.has(c.table)) {
      await flush();
      await removeWithRollups(trx, tables, derived, t, c);
    } else piece.push(c);
  }
  await flush();
}

async function writePiece(
  trx: Knex.Transaction,
  tables: Tables,
  derived: readonly Derived[],
  t: TableNames,
  piece: RowChange[],
): Promise<void> {
  const gaps: (() => Promise<void>)[] = [];
  for (const d of derived) {
    const written = piece.filter((c): c is Extract<RowChange, { row: Row }> => c.table === d.derivation.source && 'row' in c);
    if (!written.length) continue;
    const g = d.derivation;
    if (g.kind === 'sums') {
      await addSums(trx, d, t, tables[g.source]!, written);
      continue;
    }
    // Gaps change only where a member gains a day it did not have (a learner's tenth mark of the day: one look-up).
    const days = written.map((c) => [c.row[g.member], ...g.by.map((b) => c.row[b]), dayTextOf(c.row[g.day])]);
    if (!(await anyNewDay(trx, tables, d, t, days))) continue;
    const touched = earliestDays(days);
    const before = await contributions(trx, tables, d, t, touched);
    gaps.push(async () => applyDifference(trx, d, t, before, await contributions(trx, tables, d, t, touched)));
  }
  await applyStatements(batchStatements(piece, tables, t), trx);
  for (const after of gaps) await after();
}

/** A removal from a source: first its rows' sums leave the sums rollups, then its members' gaps are taken again. */
async function removeWithRollups(
  trx: Knex.Transaction,
  tables: Tables,
  derived: readonly Derived[],
  t: TableNames,
  c: Extract<RowChange, { kind: 'remove' }>,
): Promise<void> {
  const source = tables[c.table]!;
  const whereSql = (alias: string) =>
    Object.keys(c.where)
      .map((col) => `${alias}.${quoted(col)} = ?`)
      .join(' and ');
  const whereValues = rowValues(source, Object.keys(c.where), c.where) as Knex.RawBinding[];
  if (whereValues.some((v) => v === null)) return; // SQL's =: null matches nothing, so nothing is removed
  const gaps: (() => Promise<void>)[] = [];
  for (const d of derived.filter((x) => x.derivation.source === c.table)) {
    const g = d.derivation;
    const target = quoted(t(d.name));
    const by = g.by.map(quoted);
    const on = g.by.map((b) => `d.${quoted(b)} = a.${quoted(b)}`).join(' and ');
    if (g.kind === 'sums') {
      await trx.raw(
        `update ${target} d set ${g.sums.map((s) => `${quoted(s)} = d.${quoted(s)} - a.${quoted(s)}`).join(', ')}
         from (select ${by.join(', ')}, ${g.sums.map((s) => `sum(s.${quoted(s)}) as ${quoted(s)}`).join(', ')}
               from ${quoted(t(c.table))} s where ${whereSql('s')} group by ${by.join(', ')}) a where ${on}`,
        whereValues,
      );
      await trx.raw(
        `delete from ${target} d using (select distinct ${by.join(', ')} from ${quoted(t(c.table))} s where ${whereSql('s')}) a
         where ${on} and ${g.sums.map((s) => `d.${quoted(s)} = 0`).join(' and ')}`,
        whereValues,
      );
      continue;
    }
    const groups = (await trx.raw(
      `select distinct s.${quoted(g.member)} as member, ${g.by.map((b) => `s.${quoted(b)}`).join(', ')} from ${quoted(t(c.table))} s where ${whereSql('s')}`,
      whereValues,
    )) as { rows: Record<string, unknown>[] };
    if (!groups.rows.length) continue;
    const touched: Touched[] = groups.rows.map((r) => [r.member, ...g.by.map((b) => r[b]), '0001-01-01']);
    const before = await contributions(trx, tables, d, t, touched);
    gaps.push(async () => applyDifference(trx, d, t, before, await contributions(trx, tables, d, t, touched)));
  }
  await applyStatements(batchStatements([c], tables, t), trx);
  for (const after of gaps) await after();
}

/** The increments' amounts added to their groups; a group whose sums all come to 0 has no row. */
async function addSums(
  trx: Knex.Transaction,
  d: Derived,
  t: TableNames,
  source: TableDeclaration,
  written: readonly Extract<RowChange, { row: Row }>[],
): Promise<void> {
  const g = d.derivation as Extract<Derivation, { kind: 'sums' }>;
  const sums = new Map<string, { group: unknown[]; amounts: number[] }>();
  for (const c of written) {
    const group = rowValues(source, g.by, c.row);
    const k = JSON.stringify(group);
    let s = sums.get(k);
    if (!s) sums.set(k, (s = { group, amounts: g.sums.map(() => 0) }));
    g.sums.forEach((col, i) => (s.amounts[i]! += Number(c.row[col] ?? 0)));
  }
  const rows = [...sums.values()].filter((s) => s.amounts.some((a) => a !== 0));
  if (!rows.length) return;
  const target = t(d.name);
  await insertRows(
    trx,
    target,
    columnsOf(d.table).filter(([c]) => g.by.includes(c) || g.sums.includes(c)),
    rows.map((s) => orderedValues(d.table, g, s.group, s.amounts)),
    { key: g.by, merge: g.sums.map((s) => `${quoted(s)} = ${quoted(target)}.${quoted(s)} + excluded.${quoted(s)}`).join(', ') },
  );
  // A group may come to 0 either way (-1 then +1): its row goes.
  const fell = rows;
  const cols = columnsOf(d.table).filter(([c]) => g.by.includes(c));
  await trx.raw(
    `delete from ${quoted(target)} r using unnest(${cols.map(([, type]) => `?::${type}[]`).join(', ')}) as k(${cols.map(([c]) => quoted(c)).join(', ')})
     where ${cols.map(([c]) => `r.${quoted(c)} = k.${quoted(c)}`).join(' and ')} and ${g.sums.map((s) => `r.${quoted(s)} = 0`).join(' and ')}`,
    columnArrays(
      cols,
      fell.map((s) => cols.map(([c]) => s.group[g.by.indexOf(c)])),
    ),
  );
}

/** A group's values and amounts in the order of the table's columns. */
function orderedValues(table: TableDeclaration, g: Extract<Derivation, { kind: 'sums' }>, group: unknown[], amounts: number[]): unknown[] {
  return Object.keys(table.columns)
    .filter((c) => g.by.includes(c) || g.sums.includes(c))
    .map((c) => (g.by.includes(c) ? group[g.by.indexOf(c)] : amounts[g.sums.indexOf(c)]));
}

/** A member and its group's values, then a day ('YYYY-MM-DD'). */
type Touched = unknown[];

const dayTextOf = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

/** Each member and group once, with the earliest day written for it: only its days from there on can change gap. */
function earliestDays(days: readonly Touched[]): Touched[] {
  const earliest = new Map<string, Touched>();
  for (const d of days) {
    const k = JSON.stringify(d.slice(0, -1));
    const was = earliest.get(k);
    if (!was || String(d[d.length - 1]) < String(was[was.length - 1])) earliest.set(k, d);
  }
  return [...earliest.values()];
}

/** The unnest of touched rows: the member's, the groups' and a day's types and names. */
function touchedColumns(tables: Tables, d: Derived): Column[] {
  const g = d.derivation as Extract<Derivation, { kind: 'gaps' }>;
  const all = new Map(columnsOf(tables[g.source]!));
  return [['member', all.get(g.member)!], ...g.by.map((b): Column => [b, all.get(b)!]), ['since', 'date']];
}

async function anyNewDay(trx: Knex.Transaction, tables: Tables, d: Derived, t: TableNames, days: readonly Touched[]): Promise<boolean> {
  const g = d.derivation as Extract<Derivation, { kind: 'gaps' }>;
  const cols = touchedColumns(tables, d);
  const { rows } = await trx.raw(
    `select exists (select 1 from unnest(${cols.map(([, type]) => `?::${type}[]`).join(', ')}) as k(${cols.map(([c]) => quoted(c)).join(', ')})
       where not exists (select 1 from ${quoted(t(g.source))} a where a.${quoted(g.member)} = k.member
         and ${g.by.map((b) => `a.${quoted(b)} = k.${quoted(b)} and `).join('')}a.${quoted(g.day)} = k.since)) as found`,
    columnArrays(cols, days),
  );
  return Boolean((rows as { found: boolean }[])[0]?.found);
}

type Contribution = { key: string; values: unknown[]; n: number };

/**
 * The gap rows of the touched members' days on or after their day `since` (and the day before it, whose
 * gap reaches it): read before a piece's writes and after, the difference is what the piece changed.
 */
async function contributions(
  trx: Knex.Transaction,
  tables: Tables,
  d: Derived,
  t: TableNames,
  touched: readonly Touched[],
): Promise<Contribution[]> {
  const g = d.derivation as Extract<Derivation, { kind: 'gaps' }>;
  const cols = touchedColumns(tables, d);
  const src = quoted(t(g.source));
  const [member, day] = [quoted(g.member), quoted(g.day)];
  const same = (alias: string) => g.by.map((b) => ` and ${alias}.${quoted(b)} = k.${quoted(b)}`).join('');
  const by = g.by.map((b) => quoted(b));
  const { rows } = await trx.raw(
    `select ${by.map((b) => `${b}, `).join('')}to_char(day, 'YYYY-MM-DD') as day, gap, count(*)::int as n from (
       select ${by.map((b) => `a.${b}, `).join('')}a.${day} as day, k.since,
              coalesce(a.${day} - lag(a.${day}) over (partition by a.${member}${by.map((b) => `, a.${b}`).join('')} order by a.${day}), 0) as gap
       from unnest(${cols.map(([, type]) => `?::${type}[]`).join(', ')}) as k(${cols.map(([c]) => quoted(c)).join(', ')})
       join ${src} a on a.${member} = k.member${same('a')}
        and a.${day} >= coalesce((select max(p.${day}) from ${src} p where p.${member} = k.member${same('p')} and p.${day} < k.since), k.since)
     ) g where day >= since group by ${[...by, 'day', 'gap'].map((_, i) => i + 1).join(', ')}`,
    columnArrays(cols, touched),
  );
  return (rows as Record<string, unknown>[]).map((r) => {
    const values = [...g.by.map((b) => r[b]), r.day, r.gap];
    return { key: JSON.stringify(values), values, n: Number(r.n) };
  });
}

/** Applies after - before; rows that come to 0 go, so equal histories give equal tables. */
async function applyDifference(
  trx: Knex.Transaction,
  d: Derived,
  t: TableNames,
  before: Contribution[],
  after: Contribution[],
): Promise<void> {
  const net = new Map<string, { values: unknown[]; n: number }>();
  for (const [list, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    for (const c of list) {
      const was = net.get(c.key);
      if (was) was.n += sign * c.n;
      else net.set(c.key, { values: c.values, n: sign * c.n });
    }
  }
  const changed = [...net.values()].filter((c) => c.n !== 0);
  if (!changed.length) return;
  const target = t(d.name);
  const key = d.table.key;
  const cols = columnsOf(d.table);
  await insertRows(
    trx,
    target,
    cols,
    changed.map((c) => [...c.values, c.n]),
    { key, merge: `n = ${quoted(target)}.n + excluded.n` },
  );
  const fell = changed.filter((c) => c.n < 0);
  if (!fell.length) return;
  const keyCols = cols.filter(([c]) => key.includes(c));
  await trx.raw(
    `delete from ${quoted(target)} r using unnest(${keyCols.map(([, type]) => `?::${type}[]`).join(', ')}) as k(${keyCols.map(([c]) => quoted(c)).join(', ')})
     where ${keyCols.map(([c]) => `r.${quoted(c)} = k.${quoted(c)}`).join(' and ')} and r.n = 0`,
    columnArrays(
      keyCols,
      fell.map((c) => c.values.slice(0, keyCols.length)),
    ),
  );
}

/** A rebuild's rollup rows, from the source's rows in memory (each key once), in the rollup's column order. */
export function rollupRows(d: Derived, source: Iterable<Row>): unknown[][] {
  const g = d.derivation;
  const groupKey = (row: Row, first?: string) => {
    let k = first === undefined ? '' : `${first}\u0000`;
    for (const b of g.by) k += `${String(row[b])}\u0000`;
    return k;
  };
  if (g.kind === 'sums') {
    const sums = new Map<string, { group: unknown[]; amounts: number[] }>();
    for (const row of source) {
      const k = groupKey(row);
      let s = sums.get(k);
      if (!s) sums.set(k, (s = { group: g.by.map((b) => row[b]), amounts: g.sums.map(() => 0) }));
      for (let i = 0; i < g.sums.length; i++) s.amounts[i]! += Number(row[g.sums[i]!] ?? 0);
    }
    return [...sums.values()].filter((s) => s.amounts.some((a) => a !== 0)).map((s) => orderedValues(d.table, g, s.group, s.amounts));
  }
  // Each member's days in order, by group: day numbers, not strings, for the few hundred thousand days.
  const dayNumber = new Map<string, number>();
  const dayText = new Map<number, string>();
  const members = new Map<string, { group: string; days: number[] }>();
  const groups = new Map<string, unknown[]>();
  for (const row of source) {
    const text = dayTextOf(row[g.day]);
    let n = dayNumber.get(text);
    if (n === undefined) {
      n = Date.parse(`${text}T00:00:00Z`) / 86_400_000;
      dayNumber.set(text, n);
      dayText.set(n, text);
    }
    const group = groupKey(row);
    if (!groups.has(group))
      groups.set(
        group,
        g.by.map((b) => row[b]),
      );
    const k = groupKey(row, String(row[g.member]));
    const m = members.get(k);
    if (m) m.days.push(n);
    else members.set(k, { group, days: [n] });
  }
  // Per group, counts keyed by day * 2^20 + gap (gaps are below 2^20 days, about 2,870 years).
  const counts = new Map<string, Map<number, number>>();
  for (const { group, days } of members.values()) {
    let byDay = counts.get(group);
    if (!byDay) counts.set(group, (byDay = new Map()));
    days.sort((a, b) => a - b);
    for (let i = 0; i < days.length; i++) {
      const k = days[i]! * GAP_SPAN + (i ? days[i]! - days[i - 1]! : 0);
      byDay.set(k, (byDay.get(k) ?? 0) + 1);
    }
  }
  const rows: unknown[][] = [];
  for (const [group, byDay] of counts) {
    for (const [k, n] of byDay) {
      const gap = ((k % GAP_SPAN) + GAP_SPAN) % GAP_SPAN;
      rows.push([...groups.get(group)!, dayText.get((k - gap) / GAP_SPAN)!, gap, n]);
    }
  }
  return rows;
}

const GAP_SPAN = 2 ** 20;

/** Recomputes every rollup from its source table (the reference the live and rebuilt rollups are held to). */
export async function recomputeRollups(db: Knex, tables: Tables, t: TableNames): Promise<void> {
  for (const d of derivedTables(tables)) {
    const g = d.derivation;
    const by = g.by.map(quoted);
    const target = quoted(t(d.name));
    await db.raw(`delete from ${target}`);
    if (g.kind === 'sums') {
      const columns = Object.keys(d.table.columns).filter((c) => g.by.includes(c) || g.sums.includes(c));
      await db.raw(
        `insert into ${target} (${columns.map(quoted).join(', ')})
         select ${columns.map((c) => (g.by.includes(c) ? quoted(c) : `sum(${quoted(c)})`)).join(', ')} from ${quoted(t(g.source))}
         group by ${by.join(', ')} having not (${g.sums.map((s) => `sum(${quoted(s)}) = 0`).join(' and ')})`,
      );
    } else {
      const [member, day] = [quoted(g.member), quoted(g.day)];
      await db.raw(
        `insert into ${target} (${[...by, day, 'gap', 'n'].join(', ')})
         select ${[...by, day].join(', ')}, gap, count(*) from (
           select ${[...by, day].join(', ')}, coalesce(${day} - lag(${day}) over (partition by ${[member, ...by].join(', ')} order by ${day}), 0) as gap
           from ${quoted(t(g.source))}) x
         group by ${[...by, day, 'gap'].join(', ')}`,
      );
    }
  }
}
