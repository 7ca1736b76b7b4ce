import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded';

export interface Database {
  connectionString: string;
  embedded: boolean;
  /** Whether hot statements may be prepared per connection (statement-names.ts): not on PGlite's one shared session. */
  namedStatements: boolean;
  close(): Promise<void>;
}

/**
 * Whether the server at `url` is a PostgreSQL backend per connection, not PGlite behind its bridge (which a
 * URL can name too: tests and tools share one embedded instance that way).
 */
export async function hasSessionPerConnection(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('select version()');
    return !rows[0]!.version.includes('PGlite');
  } finally {
    await client.end();
  }
}

/** PostgreSQL at `url` when given, else the embedded PGlite kept in `dataDir` (survives restarts). */
export async function openDatabase(url: string | undefined, dataDir: string): Promise<Database> {
  if (url) return { connectionString: url, embedded: false, namedStatements: await hasSessionPerConnection(url), close: async () => undefined };
  mkdirSync(dataDir, { recursive: true });
  const embedded = await startEmbeddedPostgres({ dataDir: `${dataDir}/pgdata` });
  return { connectionString: embedded.connectionString, embedded: true, namedStatements: false, close: embedded.close };
}
