/**
 * Child process of the event-store benchmark: `worker.ts <ours|peer> <writes|rebuild> <database url>`.
 * Sends its result to the parent over IPC; logs progress to stderr.
 */
import { config } from './config';
import type { Contender } from './contender';
import { measureHorizonCost } from './horizon-cost';
import { openOurs } from './ours';
import { openPeer } from './peer';
import { rebuildOurs, type RebuildResult } from './rebuild';
import { runWriters, timeReadAll, totalEvents, type WriteResult, type WritesResult } from './workload';

const log = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

function describeWrite(label: string, phase: string, r: WriteResult): string {
  const machine = r.cpu.machineBusyPct === null ? '' : `, machine ${r.cpu.machineBusyPct.toFixed(0)}% of ${r.cpu.cores} cores`;
  return (
    `[${label}] ${phase}: ${r.events} events / ${r.appends} appends in ${(r.ms / 1000).toFixed(2)} s = ` +
    `${Math.round(r.eventsPerSec)} ev/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms; ` +
    `node ${r.cpu.processPctOfCore.toFixed(0)}% of a core${machine}` +
    (r.capped ? ` (CAPPED at ${config.phaseCapMs / 1000} s)` : '')
  );
}

async function writes(c: Contender): Promise<WritesResult> {
  const { writers, streamsPerWriter } = config;
  const lengths = new Map<string, number>();
  const single = { writers, streamsPerWriter, eventsPerAppend: 1, prefix: 'bench' };
  const batch = { writers, streamsPerWriter, eventsPerAppend: 10, prefix: 'batch' };

  log(`[${c.label}] warm-up`);
  await runWriters(c, { ...single, appendsPerWriter: config.warmupAppendsPerWriter }, lengths);
  await runWriters(c, { ...batch, appendsPerWriter: config.batchWarmupAppendsPerWriter }, lengths);

  const maxMs = config.phaseCapMs;
  const append = await runWriters(c, { ...single, appendsPerWriter: config.appendsPerWriter, maxMs }, lengths);
  log(describeWrite(c.label, 'append x1', append));
  const batch10 = await runWriters(c, { ...batch, appendsPerWriter: config.batchAppendsPerWriter, maxMs }, lengths);
  log(describeWrite(c.label, 'append x10', batch10));

  const expected = totalEvents(lengths);
  await timeReadAll(c, config.readPageSize, expected); // warm-up pass
  const read = await timeReadAll(c, config.readPageSize, expected);
  log(
    `[${c.label}] read all: ${read.events} events in ${(read.ms / 1000).toFixed(2)} s = ${Math.round(read.eventsPerSec)} ev/s` +
      (read.waits > 0 ? `, ${read.waits} empty pages behind an open transaction` : '') +
      (read.events === expected ? '' : ` (WARNING: the log holds ${expected} events)`),
  );
  return { append, batch10, read };
}

async function main(): Promise<void> {
  const [who, task, url] = process.argv.slice(2);
  if (!url || (who !== 'ours' && who !== 'peer') || (task !== 'writes' && task !== 'rebuild')) {
    throw new Error('usage: worker.ts <ours|peer> <writes|rebuild> <database url>');
  }
  let result: WritesResult | RebuildResult;
  if (task === 'rebuild') {
    if (who !== 'ours') throw new Error('the rebuild phase measures our projection runner only');
    result = await rebuildOurs(url);
  } else {
    const c = who === 'ours' ? await openOurs(url, config.poolSize) : await openPeer(url, config.poolSize);
    let written: WritesResult;
    try {
      written = await writes(c);
    } finally {
      await c.close();
    }
    if (who === 'ours') {
      const h = (written.horizon = await measureHorizonCost(url));
      log(`[ours] horizon query ${h.horizonUs.toFixed(0)} us, plain xmin ${h.xminUs.toFixed(0)} us (4 transactions open)`);
    }
    result = written;
  }
  process.send!(result, () => process.exit(0));
}

main().catch((e: unknown) => {
  process.stderr.write(`worker failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
