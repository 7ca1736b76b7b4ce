/**
 * Event-store benchmark: our PostgreSQL event store against the peer, Emmett's PostgreSQL event store
 * (@event-driven-io/emmett-postgresql 0.42), on the same server and the same workload:
 *   append_eps   single-event appends, 8 concurrent writers on their own streams, exact expected version
 *   batch10_eps  the same with 10 events per append
 *   read_eps     ordered read of the whole global log, 5000 events per page
 *   rebuild_eps  full rebuild of the tally read model from 200k events (ours: ProjectionRunner)
 *
 * Fairness: each store runs in its own scratch database and its own fresh Node process (the peer's
 * driver installs process-wide `pg` type parsers, which would otherwise change our reads), with the same
 * writer count, pool size and ~100-byte payloads, each after its own warm-up. Order: the peer first, then
 * ours, with a CHECKPOINT before each so neither pays for flushing the other's writes.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchOutcome } from './lib/benchmark';
import { killChildren, runInChild } from './lib/child';
import { backgroundBusyPct } from './lib/cpu';
import { checkpoint, withScratchDatabases } from './lib/scratch-db';
import { roundFigure } from './lib/stats';
import { formatFigure, renderTable } from './lib/table';
import { config } from './event-store/config';
import type { RebuildResult } from './event-store/rebuild';
import type { WriteResult, WritesResult } from './event-store/workload';

const WORKER = fileURLToPath(new URL('./event-store/worker.ts', import.meta.url));

interface Target {
  op: '>=' | '<=';
  value: number;
}

const TARGETS: Record<string, Target> = {
  append_eps: { op: '>=', value: 4000 },
  append_ratio: { op: '>=', value: 1.5 },
  batch10_eps: { op: '>=', value: 30_000 },
  rebuild_eps: { op: '>=', value: 30_000 },
  p99_append_ms: { op: '<=', value: 20 },
};

function verdict(metric: string, value: number | null): [string, string] {
  const t = TARGETS[metric];
  if (!t) return ['', ''];
  const ok = value !== null && (t.op === '>=' ? value >= t.value : value <= t.value);
  return [`${t.op} ${formatFigure(t.value)}`, ok ? 'PASS' : 'MISS'];
}

const ratio = (a: number | null, b: number | null): number | null => (a !== null && b ? a / b : null);

function report(peer: WritesResult, ours: WritesResult, rebuild: RebuildResult, idleBusy: number | null): BenchOutcome {
  const best = rebuild.runs.reduce((a, b) => (b.eventsPerSec > a.eventsPerSec ? b : a));
  const rows: [string, number | null, number | null][] = [
    ['append_eps', ours.append.eventsPerSec, peer.append.eventsPerSec],
    ['batch10_eps', ours.batch10.eventsPerSec, peer.batch10.eventsPerSec],
    ['read_eps', ours.read.eventsPerSec, peer.read.eventsPerSec],
    ['rebuild_eps', best.eventsPerSec, null],
    ['p99_append_ms', ours.append.p99Ms, peer.append.p99Ms],
  ];
  const appendRatio = ratio(ours.append.eventsPerSec, peer.append.eventsPerSec);
  const table = renderTable(
    ['metric', 'ours', 'peer', 'ours/peer', 'target', 'result'],
    [
      ...rows.map(([metric, o, p]) => [metric, formatFigure(o), formatFigure(p), formatFigure(ratio(o, p)), ...verdict(metric, o)]),
      ['append_ratio', formatFigure(appendRatio), '', '', ...verdict('append_ratio', appendRatio)],
    ],
  );
  const cpu = (r: WriteResult): string =>
    `node ${r.cpu.processPctOfCore.toFixed(0)}% of a core` +
    (r.cpu.machineBusyPct === null ? '' : `, machine ${r.cpu.machineBusyPct.toFixed(0)}% of ${r.cpu.cores} cores`);
  const phases: [string, WriteResult][] = [
    ['peer append x1', peer.append],
    ['peer append x10', peer.batch10],
    ['our append x1', ours.append],
    ['our append x10', ours.batch10],
  ];
  const capped = phases.filter(([, r]) => r.capped).map(([name]) => name);
  const notes = [
    `${config.writers} writers, pool ${config.poolSize}, ${config.appendsPerWriter} single-event appends and ` +
      `${config.batchAppendsPerWriter} ten-event appends per writer after warm-up; peer = @event-driven-io/emmett-postgresql.`,
    `append x1 p50: ours ${ours.append.p50Ms.toFixed(2)} ms, peer ${peer.append.p50Ms.toFixed(2)} ms; ` +
      `CPU ours: ${cpu(ours.append)}; peer: ${cpu(peer.append)}.`,
    `read: ours ${ours.read.events} events in ${(ours.read.ms / 1000).toFixed(2)} s (${ours.read.waits} empty pages), ` +
      `peer ${peer.read.events} in ${(peer.read.ms / 1000).toFixed(2)} s (${peer.read.waits} empty pages; readMessagesBatch).`,
    `rebuild of ${best.events} events by batch size: ` +
      rebuild.runs.map((r) => `${r.batchSize} → ${formatFigure(r.eventsPerSec)} ev/s`).join(', ') +
      `; best ${best.batchSize}. Seeded at ${formatFigure(rebuild.seed.eventsPerSec)} ev/s (${config.seedEventsPerAppend} events per append).`,
    `peer has no read-model rebuild comparable to ProjectionRunner.rebuild here: n/a.`,
    `machine busy before the run (other processes): ${idleBusy === null ? 'unknown' : `${idleBusy.toFixed(0)}%`}; ` +
      `the database server shares the ${availableParallelism()} cores with the benchmark.`,
    ...[ours.read, peer.read]
      .filter((r) => r.events !== r.expected)
      .map((r) => `${r === ours.read ? 'our' : 'peer'} read returned ${r.events} events for a log of ${r.expected}` +
        (r.events > r.expected ? ' (duplicates at page boundaries)' : '')),
    ...capped.map((name) => `${name} hit the ${config.phaseCapMs / 1000} s safety cap: its rate is over fewer appends.`),
  ];
  return {
    report: `Event store benchmark\n\n${table}\n\n${notes.map((n) => `* ${n}`).join('\n')}`,
    figures: {
      append_eps: roundFigure(ours.append.eventsPerSec),
      append_eps_peer: roundFigure(peer.append.eventsPerSec),
      append_ratio: roundFigure(appendRatio),
      batch10_eps: roundFigure(ours.batch10.eventsPerSec),
      read_eps: roundFigure(ours.read.eventsPerSec),
      rebuild_eps: roundFigure(best.eventsPerSec),
      p99_append_ms: roundFigure(ours.append.p99Ms),
    },
  };
}

export const eventStoreBenchmark: Benchmark = {
  name: 'event-store',
  description: 'our PostgreSQL event store vs @event-driven-io/emmett-postgresql',
  run: () =>
    withScratchDatabases(['peer', 'ours', 'rebuild'], async (urls) => {
      const t0 = performance.now();
      const idleBusy = await backgroundBusyPct();
      await checkpoint();
      const peer = await runInChild<WritesResult>(WORKER, ['peer', 'writes', urls.peer!]);
      await checkpoint();
      const ours = await runInChild<WritesResult>(WORKER, ['ours', 'writes', urls.ours!]);
      await checkpoint();
      const rebuild = await runInChild<RebuildResult>(WORKER, ['ours', 'rebuild', urls.rebuild!]);
      process.stderr.write(`event-store benchmark took ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
      return report(peer, ours, rebuild, idleBusy);
    }, killChildren),
};
