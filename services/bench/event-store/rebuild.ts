import { createKnex } from '../../src/platform/db/knex';
import { migrateProjections, ProjectionRunner } from '../../src/platform/projections/runner';
import { tallyProjection } from '../../test-support/platform/tally-projection';
import { perSecond } from '../lib/stats';
import { config } from './config';
import { openOurs } from './ours';
import { runWriters, type WriteResult } from './workload';

export interface RebuildRun {
  batchSize: number;
  events: number;
  ms: number;
  eventsPerSec: number;
}

export interface RebuildResult {
  seed: WriteResult;
  runs: RebuildRun[];
}

const log = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

/**
 * Fills a fresh log with `seedEvents` events (batch appends over `seedStreams` streams), then times a
 * full rebuild of the tally read model once per runner batch size.
 */
export async function rebuildOurs(url: string): Promise<RebuildResult> {
  const ours = await openOurs(url, config.poolSize);
  const db = createKnex(url);
  try {
    const { writers, seedEventsPerAppend, seedStreams } = config;
    const appendsPerWriter = Math.ceil(config.seedEvents / (writers * seedEventsPerAppend));
    log(`[ours] seeding ${appendsPerWriter * writers * seedEventsPerAppend} events for the rebuild`);
    const seed = await runWriters(
      ours,
      {
        writers,
        appendsPerWriter,
        eventsPerAppend: seedEventsPerAppend,
        streamsPerWriter: Math.ceil(seedStreams / writers),
        prefix: 'seed',
      },
      new Map(),
    );
    log(`[ours] seeded ${seed.events} events at ${Math.round(seed.eventsPerSec)} ev/s (append x${seedEventsPerAppend})`);
    await ours.readAll(config.readPageSize, seed.events); // warm the log's pages before the first timed rebuild

    await migrateProjections(db);
    const name = 'bench_tally';
    const runs: RebuildRun[] = [];
    for (const batchSize of config.rebuildBatchSizes) {
      const runner = new ProjectionRunner({
        store: ours.store,
        db,
        projections: [tallyProjection({ name, keepOrder: false })],
        batchSize,
      });
      const t0 = performance.now();
      const { events } = await runner.rebuild(name);
      const ms = performance.now() - t0;
      const row = await db(`${name}_streams`).sum({ n: 'events' }).first();
      if (Number(row?.n) !== events) throw new Error(`rebuild applied ${events} events but the tally counts ${row?.n}`);
      if (events !== seed.events) {
        // A rebuild stops at the visibility horizon; another open transaction in the cluster can hold it back.
        log(`[ours] WARNING: rebuild stopped after ${events} of ${seed.events} events (horizon held back)`);
      }
      runs.push({ batchSize, events, ms, eventsPerSec: perSecond(events, ms) });
      log(
        `[ours] rebuild batchSize ${batchSize}: ${events} events in ${(ms / 1000).toFixed(2)} s = ${Math.round(perSecond(events, ms))} ev/s`,
      );
    }
    return { seed, runs };
  } finally {
    await db.destroy();
    await ours.close();
  }
}
