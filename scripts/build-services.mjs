#!/usr/bin/env node
// Builds the back end for `npm start` (its prestart): services/src and the contracts it imports, bundled
// by esbuild into services/dist, packages from node_modules left as imports. Node then loads a few files
// of plain JavaScript instead of resolving and transforming some 600 TypeScript files through tsx's
// loader thread on every start (services/bench/NOTES.md: "Embedded: a first start under 8 s").
// Skips the build when services/dist is newer than every source; `--force` builds anyway.
// Tests, `npm run dev`, the CLI and the benchmarks' own code still run the TypeScript through tsx.
import { existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const servicesDist = path.join(root, 'services', 'dist');
const STAMP = '.built';

/**
 * Entry points, named as the code that starts them finds them: each worker is started with
 * `new URL('./<name>.mjs', import.meta.url)`, which in the bundle is a file beside main.mjs.
 */
const ENTRIES = {
  main: 'services/src/runtime/main.ts',
  'projector-worker-boot': 'services/src/runtime/projector-worker.ts',
  'embedded-init': 'services/src/platform/db/embedded-init.mjs',
  'espeak-wasm-worker': 'services/src/contexts/speech/adapters/espeak-wasm-worker.mjs',
  'untrusted-worker-boot': 'services/src/runtime/untrusted-worker.ts',
  'background-jobs-boot': 'services/src/runtime/background-jobs.ts',
};
const SOURCES = ['services/src', 'contracts/src', 'services/package.json', 'contracts/package.json', 'scripts/build-services.mjs'];

function newestSource(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestSource(path.join(file, entry)));
  return newest;
}

/** Whether services/dist was built after the last change to any source. */
function servicesBuildCurrent() {
  const stamp = path.join(servicesDist, STAMP);
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.every((s) => newestSource(path.join(root, s)) <= built);
}

/** Builds into a side folder, then swaps it in: a process starting meanwhile never sees half a build. */
export async function buildServices({ force = false } = {}) {
  if (!force && servicesBuildCurrent()) return false;
  const { build } = await import('esbuild');
  const side = `${servicesDist}.build-${process.pid}`;
  rmSync(side, { recursive: true, force: true });
  const startedAt = Date.now();
  try {
    await build({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: side,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Dynamic imports stay lazy (chunks): the HTML parsers, Kafka and SMTP load when first used.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
      // Packages load from node_modules as they are (native addons, WASM files, their own workers); the
      // workspace's contracts are TypeScript and are bundled.
      plugins: [
        {
          name: 'node-modules-external',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@verba/') ? undefined : { external: true }));
          },
        },
      ],
    });
    writeFileSync(path.join(side, STAMP), new Date(startedAt).toISOString());
    rmSync(servicesDist, { recursive: true, force: true });
    renameSync(side, servicesDist);
  } finally {
    rmSync(side, { recursive: true, force: true });
  }
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  if (await buildServices({ force: process.argv.includes('--force') }))
    console.log(`services built in ${Date.now() - started} ms (services/dist)`);
}
