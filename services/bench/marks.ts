/**
 * Marks benchmark (issue 45): what seeing inside Verba costs. Three all-in-one APIs on PostgreSQL, side by
 * side under the same mark load (PATCH /api/dictionary/word, new words, 32 connections):
 *   off     no METRICS_PORT, no OTEL_EXPORTER_OTLP_ENDPOINT (what every earlier benchmark ran)
 *   metrics METRICS_PORT set, scraped every second by this process as Prometheus would (more often than its 15 s)
 *   both    metrics as above, and traces at 10% sampling (OTEL_TRACES_SAMPLER_ARG=0.1) exported over OTLP to a
 *           receiver in this process
 * Each round runs the three phases in a rotated order, plus a second `off` phase (off_b): off_b / off is the
 * noise between two identical runs, the yardstick for "nothing measurable". Ratios are per round, medians over rounds.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Benchmark } from './lib/benchmark';
import { withScratchDatabases } from './lib/scratch-db';
import { roundFigure, spread } from './lib/stats';
import { formatFigure, renderTable } from './lib/table';
import { load, markRequests } from './lib/mark-load';
import { processCpuMs } from './lib/cpu';
import { signUpAndIn, startApi, type RunningApi, type Session } from './api/server';
import { freePort } from '../test-support/platform/free-port';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const USERS = 20;
const CONNECTIONS = 32;
const SECONDS = Math.max(3, Number(process.env.BENCH_MARK_SECONDS ?? 6));
const TARGETS: Record<string, { op: '>=' | '<='; value: number }> = {
  both_vs_off: { op: '>=', value: 0.97 },
  metrics_vs_off: { op: '>=', value: 0.97 },
  both_cpu_vs_off: { op: '<=', value: 1.03 },
  metrics_cpu_vs_off: { op: '<=', value: 1.03 },
};

type Config = 'off' | 'metrics' | 'both';
interface Contender {
  config: Config;
  server: RunningApi;
  sessions: Session[];
  metricsUrl?: string;
}

export const marksBenchmark: Benchmark = {
  name: 'marks',
  description: `marks a second with metrics and 10% tracing on vs off (${USERS} learners, ${CONNECTIONS} connections, ${ROUNDS} rounds)`,
  async run() {
    // The OTLP receiver: counts what arrives, answers at once.
    let exported = 0;
    const otlp = createServer((request, response) => {
      request.on('data', (chunk: Buffer) => (exported += chunk.length));
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve) => otlp.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(otlp.address() as AddressInfo).port}`;
    try {
      return await withScratchDatabases(['marks_off', 'marks_metrics', 'marks_both'], async (urls) => {
        const [metricsPort, bothPort] = [await freePort(), await freePort()];
        const envs: Record<Config, Record<string, string>> = {
          off: {},
          metrics: { METRICS_PORT: String(metricsPort) },
          both: {
            METRICS_PORT: String(bothPort),
            OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
            OTEL_TRACES_SAMPLER_ARG: process.env.BENCH_TRACE_RATIO ?? '0.1',
          },
        };
        // One after another: the first start builds the bundle the others then share.
        const servers: RunningApi[] = [];
        for (const c of ['off', 'metrics', 'both'] as const) servers.push(await startApi(urls[`marks_${c}`]!, envs[c]));
        try {
          const contenders: Contender[] = [];
          for (const [i, config] of (['off', 'metrics', 'both'] as const).entries()) {
            process.stderr.write(`signing up ${USERS} learners on ${config}\n`);
            const sessions: Session[] = [];
            for (let u = 0; u < USERS; u++) sessions.push(await signUpAndIn(servers[i]!, `marks${u}@example.org`, 'bench password 123'));
            const port = config === 'metrics' ? metricsPort : config === 'both' ? bothPort : undefined;
            contenders.push({ config, server: servers[i]!, sessions, ...(port ? { metricsUrl: `http://127.0.0.1:${port}/metrics` } : {}) });
          }
          // A phase's length each: a server's first phases cost up to a third more CPU a mark than its later
          // ones (code still being optimised), which a shorter warm-up left in the first round's figures.
          process.stderr.write('warm-up\n');
          for (const c of contenders) {
            await load(c.server.base, c.sessions, SECONDS, markRequests('warm'), CONNECTIONS);
            await quiet(c.server.child.pid!);
          }
          const rounds: Record<string, number>[] = [];
          for (let r = 0; r < ROUNDS; r++) {
            const order = [...contenders.slice(r % 3), ...contenders.slice(0, r % 3)];
            const ran: Record<string, Phase> = {};
            for (const c of order) ran[c.config] = await phase(c, `r${r}${c.config}`);
            ran['off_b'] = await phase(contenders[0]!, `r${r}offb`);
            const [off, metrics, both, offB] = [ran['off']!, ran['metrics']!, ran['both']!, ran['off_b']!];
            rounds.push({
              off_rps: off.rps,
              metrics_rps: metrics.rps,
              both_rps: both.rps,
              metrics_vs_off: metrics.rps / off.rps,
              both_vs_off: both.rps / off.rps,
              off_b_vs_off: offB.rps / off.rps,
              off_cpu_ms_per_1k: off.cpuPer1k,
              metrics_cpu_vs_off: metrics.cpuPer1k / off.cpuPer1k,
              both_cpu_vs_off: both.cpuPer1k / off.cpuPer1k,
              off_b_cpu_vs_off: offB.cpuPer1k / off.cpuPer1k,
            });
          }
          return report(rounds, exported);
        } finally {
          await Promise.all(servers.map((s) => s.stop()));
        }
      });
    } finally {
      otlp.close();
    }
  },
};

/** What a phase measured: marks a second, and the API's CPU time (all its threads) per 1,000 marks. */
interface Phase {
  rps: number;
  cpuPer1k: number;
}

/**
 * One mark phase; a contender with metrics is scraped every second meanwhile. The API's own CPU time per
 * mark (the load's, then the backlog's until the process is quiet) is the steadier figure on a shared
 * machine: marks a second move with whatever else runs, while the work each mark costs the API does not
 * (tracing and metrics add to that work and nothing else).
 */
async function phase(c: Contender, tag: string): Promise<Phase> {
  let scraping = true;
  const scraper = (async () => {
    while (scraping && c.metricsUrl) {
      await fetch(c.metricsUrl).then((r) => r.text());
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  const pid = c.server.child.pid!;
  const cpu0 = processCpuMs([pid]);
  const result = await load(c.server.base, c.sessions, SECONDS, markRequests(`m${tag}`), CONNECTIONS);
  scraping = false;
  await scraper;
  // The projector thread applies what the load left behind after it ended: that is the marks' work too,
  // and done during the next phase it would be counted nowhere and slow the next contender down.
  await quiet(pid);
  const cpuPer1k = ((processCpuMs([pid]) - cpu0) / Math.max(1, result.total)) * 1000;
  if (result.errors > 0) throw new Error(`${c.config}: ${result.errors} marks failed`);
  process.stderr.write(`  ${c.config} ${tag}: ${Math.round(result.rps)} marks/s, ${cpuPer1k.toFixed(0)} ms of API CPU per 1,000 marks\n`);
  return { rps: result.rps, cpuPer1k };
}

/** Waits until the process uses under 3% of a core over 300 ms (at most 15 s): its backlog applied. */
async function quiet(pid: number): Promise<void> {
  const until = Date.now() + 15_000;
  for (let before = processCpuMs([pid]); Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 300));
    const now = processCpuMs([pid]);
    if (now - before < 10) return;
    before = now;
  }
}

function report(rounds: Record<string, number>[], exportedBytes: number) {
  const figures: Record<string, number | boolean | null> = {};
  const rows: string[][] = [];
  for (const metric of Object.keys(rounds[0]!)) {
    const s = spread(rounds.map((r) => r[metric]!));
    figures[`marks_${metric}`] = roundFigure(s.median);
    const t = TARGETS[metric];
    let verdict = '';
    if (t) {
      const met = t.op === '>=' ? s.median >= t.value : s.median <= t.value;
      figures[`marks_${metric}_met`] = met;
      verdict = met ? 'PASS' : 'MISS';
    }
    rows.push([metric, formatFigure(s.median), `${formatFigure(s.min)} - ${formatFigure(s.max)}`, t ? `${t.op} ${t.value}` : '', verdict]);
  }
  figures['marks_otlp_bytes'] = exportedBytes;
  const report = [
    'Marks benchmark (the cost of metrics and traces: three all-in-one APIs side by side)',
    '',
    renderTable(['metric', 'median', `min - max (${rounds.length} rounds)`, 'target', 'result'], rows),
    '',
    `* ${USERS} learners each, ${CONNECTIONS} autocannon connections, ${SECONDS} s a phase; phases rotate each round.`,
    '* off: neither METRICS_PORT nor OTEL_EXPORTER_OTLP_ENDPOINT; metrics: METRICS_PORT, scraped every second;',
    `  both: metrics and traces at 10% sampling over OTLP/HTTP (${(exportedBytes / 1024).toFixed(0)} KiB received in all).`,
    '* off_b_vs_off: the off server measured twice in the same round, the noise floor a difference must clear.',
    "* *_cpu_vs_off: the API process's CPU time (every thread) per mark against off's in the same round: what seeing",
    '  inside costs each mark, steadier than marks a second when other work shares the machine.',
    `* servers, PostgreSQL and autocannon share the ${availableParallelism()} cores.`,
  ].join('\n');
  return { report, figures };
}
