import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SERVICES = path.resolve(import.meta.dirname, '../..');

/**
 * The command `npm start` runs (services/package.json's start script), as [executable, ...args]: `node`
 * is this node, other commands come from node_modules/.bin. `VERBA_BENCH_START` replaces the script (to
 * compare variants in the benchmarks). Spawned with cwd = services/, after npm's prestart build
 * (`buildServices` of scripts/build-services.mjs).
 */
export function startScript(): string {
  return (
    process.env.VERBA_BENCH_START ??
    (JSON.parse(readFileSync(path.join(SERVICES, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  );
}

export function startCommand(): [string, string[]] {
  const [command, ...args] = startScript().trim().split(/\s+/);
  if (command === 'node') return [process.execPath, args];
  const bin = [path.join(SERVICES, 'node_modules/.bin', command!), path.resolve(SERVICES, '../node_modules/.bin', command!)].find((p) =>
    existsSync(p),
  );
  return [bin ?? command!, args];
}
