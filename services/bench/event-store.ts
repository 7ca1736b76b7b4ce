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
 * writer count, pool size and ~100-byte payloads, each after its own warm-up. The two alternate for
 * several rounds (peer, ours, peer, ours ...), each round in fresh databases and after a CHECKPOINT, so
 * a change in the machine's load hits both; ratios are taken per round, between neighbouring runs.
 */
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchOutcome } from './lib/benchmark';
import { killChildren, runInChild } from './lib/child';
import { backgroundBusyPct } from './lib/cpu';
import { checkpoint, withScratchDatabases } from './lib/scratch-db';
import { roundFigure, spread, type Spread } from './lib/stats';
import { formatFigure, renderTable } from './lib/table';
import { config } from './event-store/config';
import type { RebuildResult } from './event-store/rebuild';
import type { WritesResult } from './event-store/workload';

const WORKER = fileURLToPath(new URL('./event-store/worker.ts', import.meta.url));

interface Target {
  op: '>=' | '<=';
  value: number;
}

/** Targets on our median, except append_ratio_min: the lowest of the per-round ratios. */
const TARGETS: Record<string, Target> = {
  append_eps: { op: '>=', value: 4000 },
  append_ratio_min: { op: '>=', value: 1.5 },
  batch10_eps: { op: '>=', value: 30_000 },
  rebuild_eps: { op: '>=', value: 30_000 },
  p99_append_ms: { op: '<=', value: 20 },
};

function met(metric: string, value: number | null): boolean | undefined {
  const t = TARGETS[metric];
  if (!t) return undefined;
  return value !== null && Number.isFinite(value) && (t.op === '>=' ? value >= t.value : value <= t.value);
}

const verdict = (metric: string, value: number | null): [string, string] => {
  const t = TARGETS[metric];
  return t ? [`${t.op} ${formatFigure(t.value)}`, met(metric, value) ? 'PASS' : 'MISS'] : ['', ''];
};

const range = (s: Spread): string => `${formatFigure(s.min)} - ${formatFigure(s.max)}`;

const METRICS: [string, (w: WritesResult) => number][] = [
  ['append_eps', (w) => w.append.eventsPerSec],
  ['batch10_eps', (w) => w.batch10.eventsPerSec],
  ['read_eps', (w) => w.read.eventsPerSec],
  ['p99_append_ms', (w) => w.append.p99Ms],
];

function report(peer: WritesResult[], ours: WritesResult[], rebuild: RebuildResult, idleBusy: number | null, load1: number): BenchOutcome {
  const best = rebuild.runs.reduce((a, b) => (b.eventsPerSec > a.eventsPerSec ? b : a));
  const figures: Record<string, number | boolean | null> = {};
  const rows: string[][] = [];
  for (const [metric, get] of METRICS) {
    const o = spread(ours.map(get));
    const p = spread(peer.map(get));
    const ratios = spread(ours.map((w, i) => get(w) / get(peer[i]!)));
    Object.assign(figures, {
      [metric]: roundFigure(o.median),
      [`${metric}_min`]: roundFigure(o.min),
      [`${metric}_max`]: roundFigure(o.max),
      [`${metric}_peer`]: roundFigure(p.median),
      [`${metric}_peer_min`]: roundFigure(p.min),
      [`${metric}_peer_max`]: roundFigure(p.max),
      [`${metric.replace(/_eps$|_ms$/, '')}_ratio`]: roundFigure(ratios.median),
      [`${metric.replace(/_eps$|_ms$/, '')}_ratio_min`]: roundFigure(ratios.min),
    });
    rows.push([
      metric,
      formatFigure(o.median),
      range(o),
      formatFigure(p.median),
      range(p),
      formatFigure(ratios.median),
      formatFigure(ratios.min),
      ...verdict(metric, o.median),
    ]);
  }
  const appendRatioMin = figures['append_ratio_min'] as number | null;
  rows.push(['append_ratio_min', formatFigure(appendRatioMin), '', '', '', '', '', ...verdict('append_ratio_min', appendRatioMin)]);
  rows.push(['rebuild_eps', formatFigure(best.eventsPerSec), '', 'n/a', '', '', '', ...verdict('rebuild_eps', best.eventsPerSec)]);
  figures['rebuild_eps'] = roundFigure(best.eventsPerSec);
  for (const metric of Object.keys(TARGETS)) figures[`${metric}_met`] = met(metric, figures[metric] as number | null) ?? null;
  const horizon = spread(ours.map((w) => w.horizon?.horizonUs ?? NaN));
  const xmin = spread(ours.map((w) => w.horizon?.xminUs ?? NaN));
  figures['horizon_query_us'] = roundFigure(horizon.median);
  figures['xmin_query_us'] = roundFigure(xmin.median);
  figures['event_store_rounds'] = ours.length;

  const table = renderTable(
    ['metric', 'ours (median)', 'ours min - max', 'peer (median)', 'peer min - max', 'ratio', 'lowest ratio', 'target', 'result'],
    rows,
  );
  const notes = [
    `${ours.length} rounds, peer and ours alternating, fresh databases each; ratio = ours / peer of the same round.`,
    `${config.writers} writers, pool ${config.poolSize}, ${config.appendsPerWriter} single-event appends and ` +
      `${config.batchAppendsPerWriter} ten-event appends per writer per round after warm-up; peer = @event-driven-io/emmett-postgresql.`,
    `rebuild of ${best.events} events by batch size: ` +
      rebuild.runs.map((r) => `${r.batchSize} → ${formatFigure(r.eventsPerSec)} ev/s`).join(', ') +
      `; best ${best.batchSize}. Seeded at ${formatFigure(rebuild.seed.eventsPerSec)} ev/s (${config.seedEventsPerAppend} events per append). ` +
      'The peer has no read-model rebuild comparable to ProjectionRunner.rebuild here.',
    `visibility horizon query (es_horizon, 4 transactions open): ${formatFigure(horizon.median)} us a call ` +
      `(${range(horizon)}), against ${formatFigure(xmin.median)} us for the plain pg_snapshot_xmin it replaced.`,
    `machine busy before the run (other processes): ${idleBusy === null ? 'unknown' : `${idleBusy.toFixed(0)}%`}, load average ${load1.toFixed(2)}; ` +
      `the database server shares the ${availableParallelism()} cores with the benchmark.`,
    ...[...ours, ...peer]
      .filter((w) => w.read.events !== w.read.expected)
      .map((w) => `${ours.includes(w) ? 'our' : 'peer'} read returned ${w.read.events} events for a log of ${w.read.expected}`),
    ...[...ours, ...peer]
      .filter((w) => w.append.capped || w.batch10.capped)
      .map(
        (w) => `${ours.includes(w) ? 'our' : 'peer'} run hit the ${config.phaseCapMs / 1000} s safety cap: its rate is over fewer appends.`,
      ),
  ];
  return { report: `Event store benchmark\n\n${table}\n\n${notes.map((n) => `* ${n}`).join('\n')}`, figures };
}

export const eventStoreBenchmark: Benchmark = {
  name: 'event-store',
  description: 'our PostgreSQL event store vs @event-driven-io/emmett-postgresql',
  run: () => {
    const labels = Array.from({ length: config.rounds }, (_, r) => [`peer${r}`, `ours${r}`]).flat();
    return withScratchDatabases(
      [...labels, 'rebuild'],
      async (urls) => {
        const t0 = performance.now();
        const idleBusy = await backgroundBusyPct();
        const load1 = loadavg()[0]!;
        const peer: WritesResult[] = [];
        const ours: WritesResult[] = [];
        for (let r = 0; r < config.rounds; r++) {
          process.stderr.write(`round ${r + 1}/${config.rounds}\n`);
          await checkpoint();
          peer.push(await runInChild<WritesResult>(WORKER, ['peer', 'writes', urls[`peer${r}`]!]));
          await checkpoint();
          ours.push(await runInChild<WritesResult>(WORKER, ['ours', 'writes', urls[`ours${r}`]!]));
        }
        await checkpoint();
        const rebuild = await runInChild<RebuildResult>(WORKER, ['ours', 'rebuild', urls.rebuild!]);
        process.stderr.write(`event-store benchmark took ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
        return report(peer, ours, rebuild, idleBusy, load1);
      },
      killChildren,
    );
  },
};
