import type pg from 'pg';

/**
 * What a backup holds: the log and every table that is not derived from it. Read models (`name__gN`,
 * `name__asof_D`) and the projections' bookkeeping are left out: a restore builds them again from the
 * restored log, so they can never disagree with it, and a backup stays the size of the log.
 */
const PROJECTION_BOOKKEEPING = new Set(['projection_checkpoints', 'projection_state', 'projection_errors', 'projection_rebuilds']);
const READ_MODEL = /__(g\d+|asof_\d+)$/;

/** Written first and last by hand (backup.ts), not as ordinary tables. */
export const LOG_TABLES = new Set(['es_events', 'es_streams', 'es_log', 'relay_checkpoints']);

export const isBackedUp = (table: string) => !READ_MODEL.test(table) && !PROJECTION_BOOKKEEPING.has(table);

/** The current schema's ordinary tables that a backup copies as they are. */
export async function plainTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r' order by 1`,
  );
  return rows.map((r) => r.name).filter((t) => isBackedUp(t) && !LOG_TABLES.has(t));
}

/** A table's column names, in order. */
export async function columnsOf(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = to_regclass(quote_ident($1)) and attnum > 0 and not attisdropped order by attnum`,
    [table],
  );
  return rows.map((r) => r.name);
}
