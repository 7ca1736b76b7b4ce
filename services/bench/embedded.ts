/**
 * Embedded-default benchmark: what `npm start` runs (the all-in-one role on PGlite in a DATA_DIR),
 * started as a child process and measured from outside.
 *   first_start_s        spawn -> /api/ready on a fresh data directory (creates PGlite's cluster, migrates, seeds)
 *   second_start_s       the same on the reused directory
 *   first_start_peak_rss_mib  highest sampled RSS of the process tree during the first start
 *   steady_rss_mib       RSS of the tree after a first start, idle (median of samples after a pause)
 *   load_rss_mib         RSS during the mark load (median; load_peak_rss_mib the highest sample)
 *   pglite_marks_per_s   the API benchmark's mark load (PATCH /api/dictionary/word, 32 connections)
 *   pg_marks_per_s       the same all-in-one on the local PostgreSQL (scratch database), same run
 *   pglite_pg_ratio      pglite / pg, phase by phase
 *   *_ryw_p50/p99_ms     read-your-writes during the mark load (mark, then read with its position)
 * Starts repeat STARTS times and load phases LOAD_PHASES times: medians with min-max.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { preferUnixSocket } from './api/server';
import { spread, sleep, type Spread } from './embedded/figures';
import { markLoad, signUpAndIn, type Session } from './embedded/load';
import { sampleReadYourWrites } from './lib/read-your-writes';
import { startAllInOne, type AllInOne } from './embedded/process';
import { startScript } from '../test-support/platform/start-script';
import { RssSampler } from './embedded/rss';
import type { Benchmark } from './lib/benchmark';
import { withScratchDatabases } from './lib/scratch-db';
import { percentile, roundFigure } from './lib/stats';
import { formatFigure, renderTable } from './lib/table';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const STARTS = Math.max(1, Math.round(3 * scale));
const LOAD_PHASES = 3;
const LOAD_SECONDS = Math.max(3, Math.round(5 * scale));
const USERS = 20;
/** Idle time after ready before steady RSS is sampled, and how long it is sampled. */
const SETTLE_MS = 5000;
const SAMPLE_MS = 5000;

const TARGETS: Record<string, readonly ['<=' | '>=', number]> = {
  first_start_s: ['<=', 8],
  steady_rss_mib: ['<=', 350],
  pglite_pg_ratio: ['>=', 0.3],
  errors: ['<=', 0],
};

const log = (line: string) => process.stderr.write(`${line}\n`);
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'verba-embedded-'));

/** Median RSS of the idle process over SAMPLE_MS, after SETTLE_MS. */
async function idleRss(server: AllInOne): Promise<number> {
  await sleep(SETTLE_MS);
  const sampler = new RssSampler(server.pid, 250);
  await sleep(SAMPLE_MS);
  return spread(sampler.stop().samples).median;
}

interface Loaded {
  rps: number[];
  /** Read-your-writes latencies sampled by one more client during the phases, ms. */
  ryw: number[];
  errors: number;
  rssMedian: number;
  rssPeak: number;
}

/** Signs learners up, warms up, then LOAD_PHASES mark phases with the RSS sampled throughout. */
async function loadPhases(server: AllInOne, label: string): Promise<Loaded> {
  log(`${label}: signing up ${USERS} learners`);
  const sessions: Session[] = [];
  for (let i = 0; i < USERS; i++) sessions.push(await signUpAndIn(server.base, `bench${i}@example.org`, 'bench password 123'));
  await markLoad(server.base, sessions, 2, 'warm');
  const sampler = new RssSampler(server.pid, 250);
  const rps: number[] = [];
  let errors = 0;
  let stopRyw!: () => void;
  const ryw = sampleReadYourWrites(server.base, sessions[0]!, new Promise<void>((r) => (stopRyw = r)), 'ryw');
  for (let phase = 0; phase < LOAD_PHASES; phase++) {
    log(`${label}: marks for ${LOAD_SECONDS} s (${phase + 1}/${LOAD_PHASES})`);
    const result = await markLoad(server.base, sessions, LOAD_SECONDS, `p${phase}w`);
    rps.push(result.rps);
    errors += result.errors;
  }
  stopRyw();
  const rywResult = await ryw;
  sampler.stop();
  return {
    rps,
    ryw: rywResult.latencies,
    errors: errors + rywResult.errors,
    rssMedian: spread(sampler.samples).median,
    rssPeak: sampler.peakMiB,
  };
}

export const embeddedBenchmark: Benchmark = {
  name: 'embedded',
  description: `npm start's all-in-one on PGlite: start-up, memory, marks/s vs PostgreSQL (${STARTS} starts, ${LOAD_PHASES}x${LOAD_SECONDS} s of marks)`,
  async run() {
    const first: number[] = [];
    const second: number[] = [];
    const startPeak: number[] = [];
    const steady: number[] = [];
    const dirs: string[] = [];
    let pglite: Loaded | undefined;
    let pg: Loaded | undefined;
    try {
      for (let run = 0; run < STARTS; run++) {
        const dataDir = tempDir();
        dirs.push(dataDir);
        let server = await startAllInOne({ dataDir });
        first.push(server.readyMs / 1000);
        startPeak.push(server.startup.peakMiB);
        log(
          `start ${run + 1}/${STARTS}: first start ${(server.readyMs / 1000).toFixed(1)} s, peak ${server.startup.peakMiB.toFixed(0)} MiB`,
        );
        steady.push(await idleRss(server));
        log(`  steady ${steady.at(-1)!.toFixed(0)} MiB`);
        await server.stop();
        server = await startAllInOne({ dataDir });
        second.push(server.readyMs / 1000);
        log(`  second start ${(server.readyMs / 1000).toFixed(1)} s`);
        if (run === STARTS - 1) {
          try {
            pglite = await loadPhases(server, 'PGlite');
          } finally {
            await server.stop();
          }
        } else {
          await server.stop();
        }
      }
      pg = await withScratchDatabases(['embedded'], async (urls) => {
        const dataDir = tempDir();
        dirs.push(dataDir);
        const server = await startAllInOne({ dataDir, databaseUrl: preferUnixSocket(urls['embedded']!) });
        try {
          return await loadPhases(server, 'PostgreSQL');
        } finally {
          await server.stop();
        }
      });
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }

    const ratios = pglite!.rps.map((r, i) => r / pg!.rps[i]!);
    const spreads: Record<string, Spread> = {
      first_start_s: spread(first),
      second_start_s: spread(second),
      first_start_peak_rss_mib: spread(startPeak),
      steady_rss_mib: spread(steady),
      pglite_marks_per_s: spread(pglite!.rps),
      pg_marks_per_s: spread(pg!.rps),
      pglite_pg_ratio: spread(ratios),
    };
    const single: Record<string, number> = {
      load_rss_mib: pglite!.rssMedian,
      load_peak_rss_mib: pglite!.rssPeak,
      pg_load_rss_mib: pg!.rssMedian,
      pglite_ryw_p50_ms: percentile(pglite!.ryw, 50),
      pglite_ryw_p99_ms: percentile(pglite!.ryw, 99),
      pg_ryw_p99_ms: percentile(pg!.ryw, 99),
      errors: pglite!.errors + pg!.errors,
    };
    const figures: Record<string, number | null> = {};
    for (const [k, s] of Object.entries(spreads)) {
      figures[k] = roundFigure(s.median);
      figures[`${k}_min`] = roundFigure(s.min);
      figures[`${k}_max`] = roundFigure(s.max);
    }
    for (const [k, v] of Object.entries(single)) figures[k] = roundFigure(v);
    for (const [k, [, limit]] of Object.entries(TARGETS)) figures[`${k}_target`] = limit;

    const verdict = (k: string, v: number) => {
      const t = TARGETS[k];
      return t ? ((t[0] === '>=' ? v >= t[1] : v <= t[1]) ? 'PASS' : 'MISS') : '';
    };
    const rows = [
      ...Object.entries(spreads).map(([k, s]) => [
        k,
        formatFigure(roundFigure(s.median)),
        `${formatFigure(roundFigure(s.min))} - ${formatFigure(roundFigure(s.max))}`,
        TARGETS[k] ? `${TARGETS[k][0]} ${TARGETS[k][1]}` : '',
        verdict(k, s.median),
      ]),
      ...Object.entries(single).map(([k, v]) => [
        k,
        formatFigure(roundFigure(v)),
        '',
        TARGETS[k] ? `${TARGETS[k][0]} ${TARGETS[k][1]}` : '',
        verdict(k, v),
      ]),
    ];
    const report = [
      `Embedded default benchmark (npm start: ${startScript()})`,
      '',
      renderTable(['metric', 'median', 'min - max', 'target', 'result'], rows),
      '',
      `* ${STARTS} first starts, each on a fresh DATA_DIR, then a second start on it; RSS = VmRSS summed over the`,
      "  process tree (the start script's processes), sampled every 50-250 ms. A new data directory is copied from",
      "  the machine's PGlite template (made by npm install, else by the first initdb: see README).",
      `* steady: idle ${SETTLE_MS / 1000} s after ready, then the median of ${SAMPLE_MS / 1000} s of samples.`,
      `* marks: ${USERS} learners, 32 connections, ${LOAD_PHASES} phases of ${LOAD_SECONDS} s after a 2 s warm-up, on the last`,
      '  second start (PGlite) and on the same all-in-one with DATABASE_URL = a scratch database on the local server.',
      '  pglite_pg_ratio is taken phase by phase. Server, database and load generator share the 2 cores.',
    ].join('\n');
    return { report, figures };
  },
};
