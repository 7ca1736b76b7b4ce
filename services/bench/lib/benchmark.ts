/** What every benchmark (event-store, later api, library, practice) hands back to bench/run.ts. */
export interface BenchOutcome {
  /** Human-readable report (table and notes) for stdout. */
  report: string;
  /** Machine-readable figures; run.ts prints them as the last line of stdout. */
  figures: Record<string, number | boolean | null>;
}

export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<BenchOutcome>;
}
