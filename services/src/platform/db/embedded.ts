import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
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

/**
 * PostgreSQL's memory settings for one embedded user. WASM memory never shrinks, so what the backend
 * once touched stays resident: the defaults (128 MB shared buffers, 64 MB maintenance_work_mem for
 * index builds) cost about 120 MiB of RSS more than these, for a database of one person's size.
 */
export const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * A new data directory is created in a short-lived worker thread: PGlite's initdb runs two more WASM
 * instances next to the server's (about 400 MiB more at the peak), which a thread's exit returns to
 * the system at once; in the main thread they stay resident until a full GC, which an idle server
 * may not run for a long time.
 */
async function createDataDir(dataDir: string): Promise<void> {
  const worker = new Worker(new URL('./embedded-init.mjs', import.meta.url), { workerData: { dataDir, startParams: EMBEDDED_START_PARAMS } });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`creating the embedded database in ${dataDir} failed (exit ${code})`))));
  });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  if (options.dataDir && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) await createDataDir(options.dataDir);
  const db = options.dataDir ? new PGlite(options.dataDir, { startParams: EMBEDDED_START_PARAMS }) : new PGlite({ startParams: EMBEDDED_START_PARAMS });
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
