/**
 * Everything the browser fetches for a page, with the gzip size of each file: JS, CSS, fonts, HTML,
 * JSON manifests, the registry and the (mocked) API answers, as the network saw them.
 * A response the server sent compressed (the build's .br files, API answers above 1 KiB) counts with its
 * encoded size ("as served"); one sent uncompressed (small files, small answers) is gzipped here at
 * level 9, the level sizes.mjs uses for the budgets ("gzipped by the bench"), which is at most what it
 * would cost compressed.
 */
import { gzipSync } from 'node:zlib';
import { KiB } from './sizes.mjs';

/** Starts recording `page`'s responses. `await rec.files()` lists them: { path, kind, bytes, how }. */
export function recordFetched(page) {
  const pending = [];
  // A request that finishes as its page closes (a run's last answers, after files() was read) cannot be
  // described any more; it must not take the process down with an unhandled rejection.
  page.on('requestfinished', (request) =>
    pending.push(
      describe(request).catch((error) => ({ path: pathOf(request.url()), kind: 'failed', bytes: 0, how: `not read: ${error.message}` })),
    ),
  );
  page.on('requestfailed', (request) =>
    pending.push(Promise.resolve({ path: pathOf(request.url()), kind: 'failed', bytes: 0, how: request.failure()?.errorText ?? 'failed' })),
  );
  return { files: () => Promise.all(pending) };
}

const pathOf = (url) => {
  const u = new URL(url);
  return u.protocol.startsWith('http') ? u.pathname + u.search : u.protocol;
};

function kindOf(path, type) {
  if (path.startsWith('/api/')) return 'api';
  const ext = /\.([a-z0-9]+)(?:\?|$)/.exec(path)?.[1];
  if (ext === 'js') return 'js';
  if (ext === 'css') return 'css';
  if (['woff', 'woff2', 'ttf', 'otf'].includes(ext)) return 'font';
  if (ext === 'json' || path === '/registry.json') return 'json';
  if (type === 'document') return 'html';
  return ext ?? type;
}

async function describe(request) {
  const path = pathOf(request.url());
  const kind = kindOf(path, request.resourceType());
  const response = await request.response();
  if (!response) return { path, kind, bytes: 0, how: 'no response' };
  const encoding = (await response.allHeaders())['content-encoding'];
  if (encoding) return { path, kind, bytes: (await request.sizes()).responseBodySize, how: `served ${encoding}` };
  const body = await response.body().catch(() => Buffer.alloc(0));
  return { path, kind, bytes: gzipSync(body, { level: 9 }).length, how: 'gzipped by bench' };
}

/** Sum in KiB, overall and by kind. */
export function totals(files) {
  const byKind = {};
  for (const f of files) byKind[f.kind] = (byKind[f.kind] ?? 0) + f.bytes / KiB;
  return { kib: files.reduce((sum, f) => sum + f.bytes, 0) / KiB, byKind };
}

/** The report's listing: one line per file, largest first. */
export function listing(title, files) {
  const { kib, byKind } = totals(files);
  const kinds = Object.entries(byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');
  const lines = [`${title}: ${files.length} files, ${kib.toFixed(1)} KiB gz (${kinds})`];
  for (const f of [...files].sort((a, b) => b.bytes - a.bytes)) {
    lines.push(
      `  ${(f.bytes / KiB).toFixed(1).padStart(7)} KiB  ${f.kind.padEnd(5)} ${f.path}${f.how === 'gzipped by bench' ? '' : `  (${f.how})`}`,
    );
  }
  return lines.join('\n');
}
