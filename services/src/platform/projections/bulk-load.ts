import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { HOT_STATEMENT } from '../db/knex';
import { IS_POSTGRESQL_SQL } from '../db/server-kind';
import type pg from 'pg';
import type { WriteStatement } from './projection';
import type { RecordedEvent } from '../event-store/port';
import { from as copyFrom } from 'pg-copy-streams';

/** A table or column name as a quoted SQL identifier. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

type IndexRow = { name: string; def: string; constraint: string | null; constraint_def: string | null };

/**
 * Loads fresh, empty tables with their indexes (primary keys included) dropped, then builds the indexes
 * once over the loaded rows: one sort an index instead of a B-tree insertion a row, several times faster
 * for a rebuild's millions of rows. Only for tables nothing else sees yet (a generation not switched to,
 * an as-of copy); `load` must not rely on the keys, so it inserts rows it knows to be unique.
 * The indexes are built by one statement list the server runs on its own: `whileIndexing` (work of this
 * thread, e.g. computing rows to write next) runs meanwhile, and its result is returned.
 */
export async function loadWithoutIndexes<T>(
  trx: Knex.Transaction,
  tables: readonly string[],
  load: () => Promise<void>,
  whileIndexing?: () => T,
): Promise<T | undefined> {
  const restore: string[] = [];
  for (const table of tables) {
    const { rows } = await trx.raw(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def, c.conname as constraint, pg_get_constraintdef(c.oid) as constraint_def
       from pg_index i left join pg_constraint c on c.conindid = i.indexrelid and c.conrelid = i.indrelid
       where i.indrelid = to_regclass(quote_ident(?))`,
      [table],
    );
    for (const r of rows as IndexRow[]) {
      if (r.constraint) {
        await trx.raw('alter table ?? drop constraint ??', [table, r.constraint]);
        restore.push(`alter table ${quoted(table)} add constraint ${quoted(r.constraint)} ${r.constraint_def}`);
      } else {
        await trx.raw(`drop index ${r.name}`); // regclass text: already quoted where needed
        restore.push(r.def);
      }
    }
  }
  await load();
  if (!restore.length) return whileIndexing?.();
  const built = Promise.resolve(trx.raw(restore.join(';\n')));
  built.catch(() => undefined); // awaited below; not unhandled while whileIndexing runs
  // Let the statements reach the server before this thread gets busy.
  await new Promise((r) => setImmediate(r));
  const result = whileIndexing?.();
  await built;
  return result;
}

/** A column of a bulk load: its name and PostgreSQL type (the type casts the unnest fallback's arrays). */
export type Column = readonly [name: string, type: string];

const ROWS_PER_STATEMENT = 50_000;
/**
 * Up to this many rows a write is a live batch's, run over and over with the same text: prepared once per
 * connection (HOT_STATEMENT). A larger one (a rebuild's) is planned for its own size.
 */
export const HOT_ROWS = 1_000;
const hot = (rows: number) => (rows <= HOT_ROWS ? HOT_STATEMENT : {});

/**
 * One column's values as an array parameter. Strings, numbers and booleans are written here as one
 * PostgreSQL array literal (`{"a","b",NULL}`); node-pg's own conversion builds it a character run at a
 * time, which was a seventh of all the projector thread allocated under the mark load. Anything else
 * (dates, objects, buffers) is left to node-pg.
 */
export function arrayParameter(values: readonly unknown[]): string | readonly unknown[] {
  const parts: string[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'string') parts[i] = `"${v.replace(/["\\]/g, '\\$&')}"`;
    else if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') parts[i] = `"${String(v)}"`;
    else return values;
  }
  return `{${parts.join(',')}}`;
}

/**
 * Insert (or upsert) of many rows in one statement: one array parameter a column, unnested on the server
 * (a multi-row VALUES list costs a parameter a cell and parses far slower). `merge` is the SET list of
 * ON CONFLICT DO UPDATE, or null for DO NOTHING; without `conflict`, a plain insert.
 */
export async function insertRows(
  trx: Knex.Transaction,
  table: string,
  cols: readonly Column[],
  rows: readonly (readonly unknown[])[],
  conflict: { key: readonly string[]; merge: string | null } | null,
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    await trx.raw(insertSql(table, cols, conflict), columnArrays(cols, chunk)).options(hot(chunk.length));
  }
}

export type Conflict = { key: readonly string[]; merge: string | null } | null;

export function insertSql(table: string, cols: readonly Column[], conflict: Conflict): string {
  // An array column's values come as array literals (text): unnest would flatten an array of arrays.
  const select = cols.some(([, type]) => type.endsWith('[]'))
    ? `select ${cols.map(([, type], i) => (type.endsWith('[]') ? `u.c${i}::${type}` : `u.c${i}`)).join(', ')}
         from unnest(${cols.map(([, type]) => `?::${type.endsWith('[]') ? 'text' : type}[]`).join(', ')}) as u(${cols.map((_, i) => `c${i}`).join(', ')})`
    : `select * from unnest(${cols.map(([, type]) => `?::${type}[]`).join(', ')})`;
  return `insert into ${quoted(table)} (${cols.map(([n]) => n).join(', ')})
       ${select}
       ${conflict ? `on conflict (${conflict.key.join(', ')}) do ${conflict.merge ? `update set ${conflict.merge}` : 'nothing'}` : ''}`;
}

export function deleteSql(table: string, cols: readonly Column[]): string {
  return `delete from ${quoted(table)} r using unnest(${cols.map(([, type]) => `?::${type}[]`).join(', ')}) as k(${cols.map(([n]) => quoted(n)).join(', ')})
     where ${cols.map(([n]) => `r.${quoted(n)} = k.${quoted(n)}`).join(' and ')}`;
}

export const columnArrays = (cols: readonly Column[], rows: readonly (readonly unknown[])[]) =>
  cols.map((_, c) => arrayParameter(rows.map((r) => r[c]))) as unknown as readonly Knex.RawBinding[];

/**
 * Deletes the rows whose key columns equal one of `keys`, in one statement of one array parameter a column
 * (the statement's text is the same whatever the number of keys, so the server parses no long lists).
 */
export async function deleteRows(
  trx: Knex.Transaction,
  table: string,
  cols: readonly Column[],
  keys: readonly (readonly unknown[])[],
): Promise<void> {
  if (!keys.length) return;
  await trx.raw(deleteSql(table, cols), columnArrays(cols, keys)).options(hot(keys.length));
}

/**
 * A live batch's write of a keyed read model, as statements: inserts (or upserts) `rows` and deletes the rows
 * whose key is one of `removed`, in one statement when there are both (the delete a data-modifying WITH): one
 * round trip instead of two, more only for a batch too large for one. The two must not share a key, as one
 * statement cannot delete a row and insert it again: pass a batch collapsed to each key's last state.
 */
export function writeRowsStatements(
  table: string,
  write: { cols: readonly Column[]; rows: readonly (readonly unknown[])[]; conflict: Conflict },
  remove: { cols: readonly Column[]; keys: readonly (readonly unknown[])[] },
): WriteStatement[] {
  const { cols, rows, conflict } = write;
  if (!rows.length || !remove.keys.length || rows.length + remove.keys.length > HOT_ROWS) {
    const out: WriteStatement[] = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
      out.push({ sql: insertSql(table, cols, conflict), bindings: columnArrays(cols, chunk), hot: chunk.length <= HOT_ROWS });
    }
    if (remove.keys.length)
      out.push({
        sql: deleteSql(table, remove.cols),
        bindings: columnArrays(remove.cols, remove.keys),
        hot: remove.keys.length <= HOT_ROWS,
      });
    return out;
  }
  return [
    {
      sql: `with removed as (${deleteSql(table, remove.cols)}) ${insertSql(table, cols, conflict)}`,
      bindings: [...columnArrays(remove.cols, remove.keys), ...columnArrays(cols, rows)],
      hot: true,
    },
  ];
}

/**
 * A batch of a read model keyed by learner as statements: each key's last row wins and is upserted, or deleted
 * when `keep` says so, in one statement (writeRowsStatements); a learner's erasure (`rowOf` answering
 * `{ erase: userId }`) deletes their rows in log order, after the rows before it.
 */
export function latestRowsStatements<R extends readonly unknown[]>(
  events: readonly RecordedEvent[],
  o: {
    table: string;
    rowOf(e: RecordedEvent): R | { erase: string };
    keep(row: R): boolean;
    write: { cols: readonly Column[]; conflict: Conflict };
    /** The key columns, which a row's values begin with. */
    removeBy: readonly Column[];
    /** Told how many rows each write upserts (for StatisticsKeeper). */
    upserted?(rows: number): void;
  },
): WriteStatement[] {
  const keyOf = (row: R) => row.slice(0, o.removeBy.length).join('\u0000');
  const out: WriteStatement[] = [];
  let latest = new Map<string, R>();
  const flush = () => {
    const rows = [...latest.values()];
    latest = new Map();
    const kept = rows.filter((r) => o.keep(r));
    o.upserted?.(kept.length);
    out.push(...writeRowsStatements(o.table, { ...o.write, rows: kept }, { cols: o.removeBy, keys: rows.filter((r) => !o.keep(r)) }));
  };
  for (const e of events) {
    const row = o.rowOf(e);
    if ('erase' in row) {
      flush();
      out.push({ sql: 'delete from ?? where user_id = ?', bindings: [o.table, row.erase], hot: false });
    } else latest.set(keyOf(row), row);
  }
  flush();
  return out;
}

/**
 * Whether the server behind `trx` takes COPY ... FROM STDIN. PGlite does not over the wire (its bridge
 * serves one protocol exchange at a time, and COPY's data messages come after the query's), so bulk
 * loads there fall back to unnest inserts.
 */
export async function canCopyFromStdin(trx: Knex.Transaction): Promise<boolean> {
  const { rows } = await trx.raw(IS_POSTGRESQL_SQL);
  return (rows as { postgresql: boolean }[])[0]!.postgresql;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: `\N` for null, and a backslash escape for each delimiting character. */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}

/** About 1 MiB of COPY text a chunk: few stream writes, bounded memory. */
const COPY_CHUNK_CHARS = 1 << 20;

function* copyLines(rows: Iterable<readonly unknown[]>, width: number): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    let line = copyText(row[0]);
    for (let c = 1; c < width; c++) line += '\t' + copyText(row[c]);
    chunk += line + '\n';
    if (chunk.length >= COPY_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * Loads rows into a table with COPY ... FROM STDIN on the transaction's own connection: several times
 * faster than inserts for a bulk write, with no conflict handling (the rows must not clash with the table's
 * keys). `rows` may be lazy (a generator): each row is turned into text and dropped, so a bulk write holds no
 * second copy of its rows. Where COPY is not served (see canCopyFromStdin) pass `copy: false` for plain
 * unnest inserts.
 */
export async function copyRows(
  trx: Knex.Transaction,
  table: string,
  cols: readonly Column[],
  rows: Iterable<readonly unknown[]>,
  copy = true,
): Promise<void> {
  if (!copy) return insertRows(trx, table, cols, Array.isArray(rows) ? rows : [...rows], null);
  if (Array.isArray(rows) && !rows.length) return;
  // A transaction's client hands out the one connection it runs on, so COPY is part of the transaction.
  const conn = await (trx.client as { acquireConnection(): Promise<pg.PoolClient> }).acquireConnection();
  const stream = conn.query(copyFrom(`copy ${quoted(table)} (${cols.map(([n]) => quoted(n)).join(', ')}) from stdin`));
  await pipeline(Readable.from(copyLines(rows, cols.length)), stream);
}
