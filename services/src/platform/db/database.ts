import { mkdirSync } from 'node:fs';
import { startEmbeddedPostgres } from './embedded';
import { hasSessionPerConnection } from './server-kind';

export interface Database {
  connectionString: string;
  embedded: boolean;
  /** Whether hot statements may be prepared per connection (statement-names.ts): not on PGlite's one shared session. */
  namedStatements: boolean;
  close(): Promise<void>;
}

/** PostgreSQL at `url` when given, else the embedded PGlite kept in `dataDir` (survives restarts). */
export async function openDatabase(url: string | undefined, dataDir: string): Promise<Database> {
  if (url)
    return { connectionString: url, embedded: false, namedStatements: await hasSessionPerConnection(url), close: async () => undefined };
  mkdirSync(dataDir, { recursive: true });
  const embedded = await startEmbeddedPostgres({ dataDir: `${dataDir}/pgdata` });
  return { connectionString: embedded.connectionString, embedded: true, namedStatements: false, close: embedded.close };
}
