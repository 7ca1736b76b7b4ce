/** Workload sizes. BENCH_SCALE (default 1) scales the counts, e.g. 0.1 for a smoke run. */
const scale = Number(process.env.BENCH_SCALE ?? '1');
const n = (x: number, min = 1): number => Math.max(min, Math.round(x * scale));

export const WRITERS = 8;

export const config = {
  writers: WRITERS,
  /** Both stores get the same pool size, at least one connection per writer. */
  poolSize: WRITERS + 2,
  streamsPerWriter: 100,
  warmupAppendsPerWriter: n(300),
  appendsPerWriter: n(4000),
  batchWarmupAppendsPerWriter: n(50),
  batchAppendsPerWriter: n(600),
  readPageSize: 5000,
  seedEvents: n(200_000, 8 * 50),
  seedEventsPerAppend: 50,
  seedStreams: 2000,
  rebuildBatchSizes: [2000, 3500, 5000],
};

export type BenchConfig = typeof config;
