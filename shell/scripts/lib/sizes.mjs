/**
 * Gzip sizes of built JS, shared by report-sizes.mjs, check-composed.mjs and bench.mjs.
 * Paths are resolved the way serve-composed.mjs serves them: /fragments/<name>/<file> from
 * mfe-<name>/dist, everything else from shell/dist.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const FRAGMENTS = ['reader', 'learn', 'practice', 'admin'];
export const KiB = 1024;

/** Gzip (level 9) size in bytes of one file on disk. */
export const gzBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The dist file behind a served URL path (see serve-composed.mjs). */
export function servedFile(urlPath) {
  const fragment = /^\/fragments\/([a-z]+)\/(.*)$/.exec(urlPath);
  return fragment ? path.join(root, `mfe-${fragment[1]}`, 'dist', fragment[2]) : path.join(root, 'shell/dist', urlPath);
}

/** Total gzip size in KiB of the files behind served URL paths. */
export const gzKiBOfServed = (urlPaths) => urlPaths.reduce((sum, p) => sum + gzBytes(servedFile(p)), 0) / KiB;

/**
 * A fragment's own initial JS, from its mf-manifest.json: remoteEntry.js plus the sync chunks of
 * the exposed ./spa module (not the shared React/kit chunks, which the shell provides).
 * Returns { dir, files, bytes }.
 */
export function fragmentOwnInitial(name) {
  const dir = path.join(root, `mfe-${name}`, 'dist');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  const spa = manifest.exposes.find((e) => e.path === './spa');
  const files = [manifest.metaData.remoteEntry.name, ...spa.assets.js.sync];
  return { dir, files, bytes: files.reduce((sum, f) => sum + gzBytes(path.join(dir, f)), 0) };
}
