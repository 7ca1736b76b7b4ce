// Creates a PGlite cluster in a new data directory, then exits (see embedded.ts: why in a worker).
import { PGlite } from '@electric-sql/pglite';
import { workerData } from 'node:worker_threads';

const db = new PGlite(workerData.dataDir, { startParams: workerData.startParams });
await db.waitReady;
await db.close();
