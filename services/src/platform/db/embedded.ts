import { PGlite } from '@electric-sql/pglite';
import { startPgliteBridge } from './pglite-bridge';

/**
 * Embedded PostgreSQL (PGlite, WASM) behind a local socket, so the rest of the back end talks to it
 * with the ordinary `pg` driver exactly as it would to a real server.
 */
export interface EmbeddedPostgres {
  connectionString: string;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Data directory; in memory when omitted (tests). */
  dataDir?: string;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  const db = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await db.waitReady;
  const bridge = await startPgliteBridge(db);
  return {
    connectionString: `postgres://postgres@127.0.0.1:${bridge.port}/postgres?sslmode=disable`,
    async close() {
      await bridge.close();
      await db.close();
    },
  };
}
