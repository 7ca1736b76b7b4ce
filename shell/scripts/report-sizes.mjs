#!/usr/bin/env node
/**
 * Budgets from docs/architecture.md, checked on the built dists:
 *   each fragment's own initial JS (remoteEntry.js + the ./spa chunks, not shared React/kit) <= 60 KiB gzip
 *   (the shell's 150 KiB initial budget is measured in the browser by check-composed.mjs)
 * Exits 1 when a budget is exceeded. Run after building: node shell/scripts/report-sizes.mjs
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { FRAGMENTS, fragmentOwnInitial, gzBytes as gz, KiB, root } from './lib/sizes.mjs';

const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
let failed = false;

function check(label, files, size, budget) {
  const ok = size <= budget * KiB;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label.padEnd(34)} ${kib(size).padStart(10)} / ${budget} KiB  (${files.join(', ')})`);
}

for (const name of FRAGMENTS) {
  const { files, bytes } = fragmentOwnInitial(name);
  check(`mfe-${name} own initial`, files, bytes, 60);
}

// The shell's initial set depends on the page (chunks load in parallel after main.js); the
// browser measures it: node shell/scripts/check-composed.mjs. Here: every shell file, for reference.
const shellDir = path.join(root, 'shell', 'dist');
for (const f of readdirSync(shellDir)
  .filter((f) => f.endsWith('.js'))
  .sort()) {
  console.log(`info shell/dist/${f.padEnd(28)} ${kib(gz(path.join(shellDir, f))).padStart(10)}`);
}
process.exitCode = failed ? 1 : 0;
