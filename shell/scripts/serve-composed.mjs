#!/usr/bin/env node
/**
 * Serves the built product the way production composes it, for local checks and e2e:
 *   /                    shell/dist (SPA fallback to index.html)
 *   /fragments/<name>/   mfe-<name>/dist
 *   /registry.json       { "<name>": "/fragments/<name>/mf-manifest.json", ... }
 *   /api/*               proxied to --api (e.g. http://127.0.0.1:3000), else 502 problem+json
 * Usage: node shell/scripts/serve-composed.mjs [--port 8090] [--api http://127.0.0.1:3000]
 * Listens on 127.0.0.1 only. As the API does (preCompressed), a file is sent as the build's .br or .gz
 * beside it when the browser accepts that encoding, else as it is.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FRAGMENTS = ['reader', 'learn', 'practice', 'admin'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const port = Number(option('port', process.env.PORT ?? 8090));
const apiTarget = option('api', process.env.VERBA_API);
const registry = Object.fromEntries(FRAGMENTS.map((n) => [n, `/fragments/${n}/mf-manifest.json`]));

/** Resolves `rel` inside `dir`, refusing anything that escapes it. */
function fileIn(dir, rel) {
  const file = path.resolve(dir, `.${path.posix.normalize(`/${rel}`)}`);
  return file.startsWith(dir + path.sep) && existsSync(file) && statSync(file).isFile() ? file : null;
}

function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' });
  res.end(body);
}

function sendFile(req, res, file) {
  // Hashed chunks are immutable; entry points, manifests and html must be revalidated, which an
  // unchanged file answers with 304 (as @fastify/static does for the API's static files).
  const hashed = /\.[0-9a-f]{8}\.js$/.test(file);
  const { size, mtime } = statSync(file);
  const type = TYPES[path.extname(file)];
  const encoding = precompressed(file, req.headers['accept-encoding'] ?? '');
  const etag = `W/"${size.toString(16)}-${mtime.getTime().toString(16)}${encoding ? `-${encoding.name}` : ''}"`;
  const headers = {
    'content-type': type ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
    'last-modified': mtime.toUTCString(),
    'access-control-allow-origin': '*',
    ...(type !== undefined ? { vary: 'accept-encoding' } : {}),
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    return res.end();
  }
  if (encoding) {
    res.writeHead(200, { ...headers, 'content-encoding': encoding.name });
    return createReadStream(encoding.file).pipe(res);
  }
  res.writeHead(200, headers);
  createReadStream(file).pipe(res);
}

/** The build's compressed copy of `file` the browser accepts (brotli first), if there is one. */
function precompressed(file, accepted) {
  for (const [name, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    if (new RegExp(`\\b${name}\\b`).test(accepted) && existsSync(file + ext)) return { name, file: file + ext };
  }
  return undefined;
}

function proxy(req, res) {
  if (!apiTarget) {
    send(
      res,
      502,
      'application/problem+json',
      JSON.stringify({
        title: 'Bad Gateway',
        status: 502,
        detail: 'No API server configured (start with --api http://127.0.0.1:3000).',
        message: 'The server is not available right now.',
      }),
    );
    return;
  }
  const target = new URL(req.url, apiTarget);
  // The API refuses writes from another origin: a page of this server is the API's own, so say so.
  const ownPage = req.headers.origin === `http://${req.headers.host}`;
  const headers = { ...req.headers, host: target.host, ...(ownPage ? { origin: target.origin } : {}) };
  const upstream = httpRequest(target, { method: req.method, headers }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on('error', () =>
    send(
      res,
      502,
      'application/problem+json',
      JSON.stringify({ status: 502, detail: 'API unreachable', message: 'The server is not available right now.' }),
    ),
  );
  req.pipe(upstream);
}

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname.startsWith('/api/')) return proxy(req, res);
  if (pathname === '/registry.json') return send(res, 200, 'application/json', JSON.stringify(registry));
  const fragment = /^\/fragments\/([a-z-]+)\/(.*)$/.exec(pathname);
  if (fragment) {
    const dir = path.join(root, `mfe-${fragment[1]}`, 'dist');
    const file = FRAGMENTS.includes(fragment[1]) ? fileIn(dir, decodeURIComponent(fragment[2])) : null;
    return file ? sendFile(req, res, file) : send(res, 404, 'text/plain', 'Not found');
  }
  const shellDist = path.join(root, 'shell', 'dist');
  const file = fileIn(shellDist, decodeURIComponent(pathname));
  if (file) return sendFile(req, res, file);
  if (path.extname(pathname)) return send(res, 404, 'text/plain', 'Not found');
  const index = fileIn(shellDist, 'index.html');
  return index ? sendFile(req, res, index) : send(res, 500, 'text/plain', 'shell/dist is missing: run npm run build -w @verba/shell');
});

server.listen(port, '127.0.0.1', () => {
  console.log(
    `Verba composed: http://127.0.0.1:${port}/app/sign-in${apiTarget ? ` (api -> ${apiTarget})` : ' (no API: /api/* answers 502)'}`,
  );
});
