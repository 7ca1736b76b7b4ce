#!/usr/bin/env node
// Builds the web app (shell and fragments) one package at a time: two cores do not build five at once.
// `--missing` builds only packages without a build (what `npm start` runs first).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// [folder, workspace name]: `-w shell` would also match shell/kit, so build by name.
const packages = [
  ['shell', '@verba/shell'],
  ['mfe-reader', '@verba/mfe-reader'],
  ['mfe-learn', '@verba/mfe-learn'],
  ['mfe-practice', '@verba/mfe-practice'],
  ['mfe-admin', '@verba/mfe-admin'],
];
const onlyMissing = process.argv.includes('--missing');

for (const [folder, pkg] of packages) {
  const dist = path.join(root, folder, 'dist');
  const built = existsSync(path.join(dist, 'index.html')) || existsSync(path.join(dist, 'mf-manifest.json'));
  if (onlyMissing && built) continue;
  console.log(`building ${pkg}...`);
  execFileSync('npm', ['run', 'build', '-w', pkg], { cwd: root, stdio: 'inherit' });
}
