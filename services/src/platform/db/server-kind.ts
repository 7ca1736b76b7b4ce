import pg from 'pg';

/** One row, `postgresql`: true on PostgreSQL, false on PGlite (which answers the wire protocol too). */
export const IS_POSTGRESQL_SQL = "select version() not like '%PGlite%' as postgresql";

/**
 * Whether the server at `url` is a PostgreSQL backend per connection, not PGlite behind its bridge (which a
 * URL can name too: tests and tools share one embedded instance that way).
 */
export async function hasSessionPerConnection(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ postgresql: boolean }>(IS_POSTGRESQL_SQL);
    return rows[0]!.postgresql;
  } finally {
    await client.end();
  }
}
