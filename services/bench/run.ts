/**
 * Benchmark entry point: `npm run bench -w services -- [name...]`. No name runs every benchmark.
 * Reports go to stdout, ending with one JSON line of all figures; progress goes to stderr.
 */
import type { Benchmark } from './lib/benchmark';

// Each benchmark lives in its own file and is loaded only when asked for; add `api`, `library`,
// `practice` here as they are written.
const benchmarks: Record<string, () => Promise<Benchmark>> = {
  'event-store': async () => (await import('./event-store')).eventStoreBenchmark,
  api: async () => (await import('./api')).apiBenchmark,
  practice: async () => (await import('./practice')).practiceBenchmark,
  library: async () => (await import('./library')).libraryBenchmark,
  embedded: async () => (await import('./embedded')).embeddedBenchmark,
  analytics: async () => (await import('./analytics')).analyticsBenchmark,
  hostile: async () => (await import('./hostile')).hostileBenchmark,
  alignment: async () => (await import('./alignment')).alignmentBenchmark,
  marks: async () => (await import('./marks')).marksBenchmark,
};

async function main(): Promise<void> {
  const available = Object.keys(benchmarks);
  const asked = process.argv.slice(2).filter((a) => a.trim() !== '');
  const unknown = asked.filter((a) => !(a in benchmarks));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown benchmark${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Available: ${available.join(', ')}\n` +
        'Usage: npm run bench -w services -- [name...]   (no name runs all)\n',
    );
    process.exitCode = 2;
    return;
  }
  const names = asked.length > 0 ? [...new Set(asked)] : available;
  const figures: Record<string, number | null> = {};
  for (const name of names) {
    const bench = await benchmarks[name]!();
    process.stderr.write(`== ${bench.name}: ${bench.description}\n`);
    const outcome = await bench.run();
    process.stdout.write(`${outcome.report}\n\n`);
    Object.assign(figures, outcome.figures);
  }
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`benchmark failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
