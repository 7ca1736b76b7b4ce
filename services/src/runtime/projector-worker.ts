import { loadConfig } from '../platform/config';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { createKnex } from '../platform/db/knex';
import { createPostgresEventStore } from '../platform/event-store/postgres/adapter';
import { createLogger } from '../platform/logger';
import { PROJECTOR_COALESCE_MS, ProjectionRunner } from '../platform/projections/runner';
import type { ProgressMessage, ProgressUpdate, WorkerMessage } from '../platform/projections/worker-host';
import { allModules } from './modules';
import { startTracingFromEnv } from '../platform/tracing/start';

/**
 * The projectors of the all-in-one process, on their own thread. Migrations already ran in the main
 * thread; this thread only follows the log and applies batches, reporting progress to the main thread.
 */
const { connectionString, logLevel, namedStatements, progressPort } = workerData as {
  connectionString: string;
  logLevel: string;
  namedStatements: boolean;
  progressPort: MessagePort;
};
// This thread's spans (a projection's apply continues the write's trace) go out on its own exporter.
await startTracingFromEnv('verba-projector');
const log = createLogger(logLevel, 'verba-projector');
const store = createPostgresEventStore({ connectionString, poolSize: 4, coalesceMs: PROJECTOR_COALESCE_MS, namedStatements });
const db = createKnex(connectionString, {
  poolSize: 4,
  applicationName: 'verba-projector',
  namedStatements,
  log: { warn: (m) => log.warn(m), error: (m) => log.error(m) },
});
const post = (m: WorkerMessage) => parentPort!.postMessage(m);

// Every projection reports each batch of the log; one message per turn of the loop carries them all
// (a message per projection per batch cost the HTTP thread a few percent of its time under load), with
// what the runner counted for the metrics the main thread serves.
let pending: ProgressMessage = { updates: [], notes: [] };
function flush(): void {
  if (pending.updates.length === 0 && pending.notes.length === 0) return;
  const message = pending;
  pending = { updates: [], notes: [] };
  progressPort.postMessage(message);
}
const soon = () => pending.updates.length + pending.notes.length === 0 && setImmediate(flush);
function report(update: ProgressUpdate): void {
  soon();
  pending.updates.push(update);
}

const runner = new ProjectionRunner({
  store,
  db,
  projections: allModules.flatMap((m) => m.projections ?? []),
  log,
  adoptNewLog: loadConfig().REBUILD_ON_NEW_LOG, // the main thread validated this environment already
  onProgress: (projection, position, committed) => report({ projection, position, ...(committed ? { committed } : {}) }),
  metrics: (note) => {
    soon();
    pending.notes.push(note);
  },
});
await runner.start();
for (const p of allModules.flatMap((m) => m.projections ?? [])) {
  const at = runner.position(p.name);
  if (at) report({ projection: p.name, position: at });
}
flush();
post({ type: 'ready' });

parentPort!.on('message', async (m: { type: string }) => {
  if (m.type === 'wake') return store.notifyAppended();
  if (m.type !== 'stop') return;
  await runner.stop();
  await db.destroy();
  await store.close();
  post({ type: 'stopped' });
  process.exit(0);
});
