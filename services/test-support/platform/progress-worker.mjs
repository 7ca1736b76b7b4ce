// A stand-in projector thread for worker-host.test.ts: on each wake-up it reports one committed batch on
// the progress port, then raises `signal` so the test thread knows the report is there; with `dieAfterReport`
// it then exits at once, as a crashing projector thread would. Each report also carries the runner's notes for
// the metrics the main thread serves.
import { parentPort, workerData } from 'node:worker_threads';

const { progressPort, signal, dieAfterReport } = workerData;
let batch = 0;

parentPort.on('message', (m) => {
  if (m.type === 'wake') {
    batch += 1;
    const position = { transaction: BigInt(batch), sequence: BigInt(batch) };
    progressPort.postMessage({
      updates: [{ projection: 'tally', position, committed: [{ type: 'Counted', version: 1, data: { batch } }] }],
      // What the runner counted: the batch, a failure before it, and a rebuild under way.
      notes: [
        { projection: 'tally', kind: 'applied', applied: { events: 1, seconds: 0.002 } },
        { projection: 'tally', kind: 'failed' },
        { projection: 'tally', kind: 'rebuild', applied: 40 * batch, running: true },
      ],
    });
    Atomics.store(signal, 0, batch);
    Atomics.notify(signal, 0);
    if (dieAfterReport) process.exit(1);
  }
  if (m.type === 'stop') parentPort.postMessage({ type: 'stopped' });
});
parentPort.postMessage({ type: 'ready' });
