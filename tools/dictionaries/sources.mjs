// The Debian packages the dictionaries are made from, fetched with `apt-get download` into a scratch
// folder (never into the repository) and unpacked with dpkg-deb.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readDictd } from './dictd.mjs';

/** package -> dictd database name inside it (/usr/share/dictd/<name>.index). */
export const PACKAGES = {
  'dict-freedict-deu-eng': 'freedict-deu-eng',
  'dict-freedict-eng-deu': 'freedict-eng-deu',
  'dict-freedict-fra-eng': 'freedict-fra-eng',
  'dict-freedict-eng-fra': 'freedict-eng-fra',
  'dict-freedict-spa-eng': 'freedict-spa-eng',
  'dict-freedict-eng-spa': 'freedict-eng-spa',
  'dict-freedict-eng-rus': 'freedict-eng-rus',
  'mueller7-dict': 'mueller7',
  // Pivots through German for words the English dictionaries lack (FreeDict's French and Spanish ones are small).
  'dict-freedict-spa-deu': 'freedict-spa-deu',
  'dict-freedict-deu-spa': 'freedict-deu-spa',
  'dict-freedict-fra-deu': 'freedict-fra-deu',
  'dict-freedict-deu-fra': 'freedict-deu-fra',
  'dict-freedict-deu-rus': 'freedict-deu-rus',
};

/** Packages with Apertium morphological analysers (lemmas of irregular forms), run with lt-proc. */
export const ANALYZER_PACKAGES = ['apertium-fr-es', 'apertium-eng-spa', 'apertium-rus-ukr'];

/** Downloads and unpacks every package into `dir` (each into its own folder); skips ones already there. */
export function fetchPackages(dir) {
  fs.mkdirSync(dir, { recursive: true });
  for (const pkg of [...Object.keys(PACKAGES), ...ANALYZER_PACKAGES]) {
    const target = path.join(dir, pkg);
    if (fs.existsSync(target)) continue;
    execFileSync('apt-get', ['download', pkg], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    const deb = fs.readdirSync(dir).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${pkg} left no .deb in ${dir}`);
    execFileSync('dpkg-deb', ['-x', deb, pkg], { cwd: dir });
  }
}

/** The entries of one package's dictd database. */
export function packageEntries(dir, pkg) {
  const base = path.join(dir, pkg, 'usr/share/dictd', PACKAGES[pkg]);
  return readDictd(`${base}.index`, `${base}.dict.dz`);
}

/** The package's version and its Debian copyright file, for the attribution written beside the data. */
export function packageInfo(dir, pkg) {
  const deb = fs.readdirSync(dir).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  const version = deb ? deb.slice(pkg.length + 1).replace(/_all\.deb$/, '') : 'unknown';
  const copyright = fs.readFileSync(path.join(dir, pkg, 'usr/share/doc', pkg, 'copyright'), 'utf8');
  return { version, copyright };
}
