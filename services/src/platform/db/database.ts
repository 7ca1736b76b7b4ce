import { mkdirSync } from 'node:fs';
import { startEmbeddedPostgres } from './embedded';

export interface Database {
  connectionString: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** PostgreSQL at `url` when given, else the embedded PGlite kept in `dataDir` (survives restarts). */
export async function openDatabase(url: string | undefined, dataDir: string): Promise<Database> {
  if (url) return { connectionString: url, embedded: false, close: async () => undefined };
  mkdirSync(dataDir, { recursive: true });
  const embedded = await startEmbeddedPostgres({ dataDir: `${dataDir}/pgdata` });
  return { connectionString: embedded.connectionString, embedded: true, close: embedded.close };
}
