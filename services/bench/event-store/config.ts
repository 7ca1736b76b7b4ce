/** Workload sizes. BENCH_SCALE (default 1) scales the counts, e.g. 0.1 for a smoke run. */
const scale = Number(process.env.BENCH_SCALE ?? '1');
const n = (x: number, min = 1): number => Math.max(min, Math.round(x * scale));

export const WRITERS = 8;

export const config = {
  writers: WRITERS,
  /** Both stores get the same pool size, at least one connection per writer. */
  poolSize: WRITERS + 2,
  streamsPerWriter: 100,
  /** Peer and ours alternate for this many rounds (A B A B A B), each in fresh databases. */
  rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3)),
  warmupAppendsPerWriter: n(200),
  appendsPerWriter: n(1500),
  batchWarmupAppendsPerWriter: n(30),
  batchAppendsPerWriter: n(250),
  /**
   * Safety cap per timed phase so a pathologically slow store cannot stretch the run far past ~3 min;
   * a capped phase is reported as such (its rate is then over fewer, earlier appends).
   */
  phaseCapMs: 60_000,
  readPageSize: 5000,
  /** The rebuild's log: one append of 100 events to each of 2000 streams. */
  seedEvents: n(200_000, 8 * 100),
  seedEventsPerAppend: 100,
  seedStreams: 2000,
  rebuildBatchSizes: [2000, 3500, 5000],
};

export type BenchConfig = typeof config;
