import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { enableMetrics, registry } from '../metrics/registry';
import type { Projection } from './projection';
import { ProjectorWorker } from './worker-host';

describe('the projector thread seen from the HTTP thread', () => {
  it('answers a wait from a progress report that arrived while this thread was busy, its afterCommit first', async () => {
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const committed: unknown[] = [];
    const tally = { name: 'tally', afterCommit: (events: unknown[]) => committed.push(...events) } as unknown as Projection;
    const host = await ProjectorWorker.start({
      entry: new URL('../../../test-support/platform/progress-worker.mjs', import.meta.url),
      workerData: { signal },
      projections: [tally],
      log: createLogger('silent'),
    });
    try {
      host.wake();
      await new Promise((r) => setImmediate(r)); // the wake-up goes out on the next turn
      // This thread stays busy until the worker has reported: the report now waits for a turn of its loop.
      expect(Atomics.wait(signal, 0, 0, 5000)).not.toBe('timed-out');
      let answer: boolean | undefined;
      void host.waitFor({ transaction: 1n, sequence: 1n }, { timeoutMs: 1000 }).then((reached) => (answer = reached));
      for (let i = 0; i < 5; i++) await Promise.resolve(); // promise callbacks only: no turn of the loop
      expect(answer).toBe(true);
      expect(committed).toEqual([{ type: 'Counted', version: 1, data: { batch: 1 } }]);
      // A position not reported yet still waits, and is reached with the next report.
      const next = host.waitFor({ transaction: 2n, sequence: 2n }, { timeoutMs: 5000 });
      host.wake();
      expect(await next).toBe(true);
      expect(committed).toHaveLength(2);
    } finally {
      await host.stop();
    }
  });

  it('after the projector thread died, applies the reports it sent last and drops what the read caches hold', async () => {
    const committed: unknown[] = [];
    let switched = 0;
    const tally = {
      name: 'tally',
      afterCommit: (events: unknown[]) => committed.push(...events),
      afterSwitch: () => switched++,
    } as unknown as Projection;
    const host = await ProjectorWorker.start({
      entry: new URL('../../../test-support/platform/progress-worker.mjs', import.meta.url),
      workerData: { signal: new Int32Array(new SharedArrayBuffer(4)), dieAfterReport: true },
      projections: [tally],
      log: createLogger('silent'),
    });
    try {
      host.wake();
      for (let i = 0; i < 100 && switched === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(switched).toBe(1);
      expect(committed).toEqual([{ type: 'Counted', version: 1, data: { batch: 1 } }]);
      expect(await host.waitFor({ transaction: 1n, sequence: 1n }, { timeoutMs: 100 })).toBe(true);
    } finally {
      await host.stop();
    }
  });

  it("serves what the projector thread counted from this thread's metrics: batches applied, failures, a rebuild's progress", async () => {
    enableMetrics();
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const host = await ProjectorWorker.start({
      entry: new URL('../../../test-support/platform/progress-worker.mjs', import.meta.url),
      workerData: { signal },
      projections: [{ name: 'tally' } as unknown as Projection],
      log: createLogger('silent'),
    });
    const value = async (name: string) =>
      (await registry.getSingleMetric(name)!.get()).values.find((v) => v.labels.projection === 'tally' && !('le' in v.labels))?.value;
    try {
      for (const batch of [1n, 2n]) {
        host.wake();
        expect(await host.waitFor({ transaction: batch, sequence: batch }, { timeoutMs: 5000 })).toBe(true);
      }
      expect(await value('verba_projection_events_applied_total')).toBe(2);
      expect(await value('verba_projection_failures_total')).toBe(2);
      expect(await value('verba_projection_rebuild_running')).toBe(1);
      expect(await value('verba_projection_rebuild_events_applied')).toBe(80);
    } finally {
      await host.stop();
    }
  });
});
