import type { Knex } from 'knex';
import { quoted, type Column } from './bulk-load';
import type { ColumnType, Row, TableDeclaration } from './declaration';
import type { TableNames } from './projection';

/** A declared table's columns as the bulk writers take them: name and PostgreSQL type. */
export function columnsOf(table: TableDeclaration): Column[] {
  return Object.entries(table.columns).map(([name, spec]) => [name, spec.replace('?', '') as ColumnType]);
}

/** Each declared table's jsonb columns, found once (values are converted on every live batch). */
const jsonbColumns = new WeakMap<TableDeclaration, ReadonlySet<string>>();
const jsonbOf = (table: TableDeclaration): ReadonlySet<string> => {
  let found = jsonbColumns.get(table);
  if (!found) jsonbColumns.set(table, (found = new Set(Object.keys(table.columns).filter((c) => table.columns[c]!.startsWith('jsonb')))));
  return found;
};

/**
 * A value as it is sent to the server: jsonb as its JSON text (a string value too is a JSON string), so the
 * statements, the bulk fold and the one-by-one reference all send the same thing.
 */
export function sqlValue(table: TableDeclaration, column: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return jsonbOf(table).has(column) ? JSON.stringify(value) : Array.isArray(value) ? arrayLiteral(value) : value;
}

/** A number array column's value as PostgreSQL's array literal (`{1,2}`): the one text every path sends. */
const arrayLiteral = (values: readonly unknown[]) =>
  `{${values.map((v) => (v === null || v === undefined ? 'NULL' : String(v))).join(',')}}`;

/** The row's values in `columns` order, as sent to the server (missing ones are null). */
export function rowValues(table: TableDeclaration, columns: readonly string[], row: Row): unknown[] {
  const jsonb = jsonbOf(table);
  const out: unknown[] = new Array(columns.length);
  for (let i = 0; i < columns.length; i++) {
    const v = row[columns[i]!];
    out[i] =
      v === undefined || v === null
        ? null
        : jsonb.size && jsonb.has(columns[i]!)
          ? JSON.stringify(v)
          : Array.isArray(v)
            ? arrayLiteral(v)
            : v;
  }
  return out;
}

/** Fails on a column the table does not declare: a handler's typo must not write nowhere silently. */
export function checkColumns(name: string, table: TableDeclaration, row: Row): void {
  for (const c of Object.keys(row)) if (!(c in table.columns)) throw new Error(`Table ${name} has no column ${c}`);
}

/** Creates one generation's tables: columns, primary key, indexes. */
export async function createTables(
  trx: Knex.Transaction,
  tables: Readonly<Record<string, TableDeclaration>>,
  t: TableNames,
): Promise<void> {
  for (const [name, table] of Object.entries(tables)) {
    const columns = Object.entries(table.columns).map(
      ([c, spec]) =>
        `${quoted(c)} ${spec.replace('?', '')}${spec.endsWith('?') ? '' : ' not null'}${table.aggregates?.[c] ? ' default 0' : ''}`,
    );
    const physical = t(name);
    // Deferrable: checked at the end of a statement, which may move a value from one row to another.
    const unique = (table.unique ?? []).map((u) => `, unique (${u.map(quoted).join(', ')}) deferrable initially immediate`).join('');
    await trx.raw(`create table ${quoted(physical)} (${columns.join(', ')}, primary key (${table.key.map(quoted).join(', ')})${unique})`);
    for (const index of table.indexes ?? []) {
      await trx.raw(
        `create index ${quoted(`${physical}_${index.join('_')}_index`)} on ${quoted(physical)} (${index.map(quoted).join(', ')})`,
      );
    }
  }
}
