import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REPO_ROOT } from '../platform/config';
import type { App } from '../platform/http/server';
import { pagePolicy } from '../platform/http/security-headers';
import type { Config } from '../platform/config';
import { environmentRegistry } from '../platform/fragments/registry';
import { fragmentStoreFor, type FragmentStore } from '../platform/fragments/store';

/** The environment's published fragments (FRAGMENT_ENV), and the directory to serve when the store is one. */
export interface PublishedFragments {
  env: string | undefined;
  store: FragmentStore;
  publicUrl: string;
  directory: string | undefined;
}

export async function publishedFragments(config: Config): Promise<PublishedFragments> {
  const directory = config.FRAGMENT_ENV && !config.FRAGMENT_STORE_S3_BUCKET ? config.FRAGMENT_STORE_DIR : undefined;
  if (directory) mkdirSync(directory, { recursive: true });
  return { env: config.FRAGMENT_ENV, store: await fragmentStoreFor(config), publicUrl: config.FRAGMENT_PUBLIC_URL, directory };
}

/** The fragments the shell composes, and where each one's production build lives. */
export const FRAGMENTS = ['reader', 'learn', 'practice', 'admin'] as const;
const fragmentDist = (name: string) => path.join(REPO_ROOT, `mfe-${name}`, 'dist');
const shellDist = path.join(REPO_ROOT, 'shell', 'dist');

export function webBuildsMissing(): string[] {
  return [shellDist, ...FRAGMENTS.map(fragmentDist)].filter(
    (dir) => !existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, 'mf-manifest.json')),
  );
}

/**
 * Serves the web app from the API process (each file as the build's .br or .gz beside it when the
 * browser accepts one: preCompressed): the shell at /, each fragment under /fragments/<name>/ as if
 * on its own origin, and the runtime registry the shell reads to find them (so a fragment can be
 * redeployed without rebuilding the shell). Any other GET outside /api falls back to the shell's page.
 */
export async function serveWeb(app: App, shell = shellDist, published?: PublishedFragments): Promise<void> {
  const builtIn = Object.fromEntries(FRAGMENTS.map((name) => [name, `/fragments/${name}/mf-manifest.json`]));
  // With FRAGMENT_ENV, the environment's pointer decides each published fragment's version at every
  // load: publishing or rolling back needs no shell rebuild and no restart.
  const registry = published?.env
    ? () => environmentRegistry(published.store, published.env!, published.publicUrl, builtIn)
    : async () => builtIn;
  app.get('/registry.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(await registry()),
  );
  if (published?.directory) {
    // The directory store served as a static host: content-hashed paths never change.
    await app.register(fastifyStatic, {
      root: published.directory,
      prefix: '/fragment-store/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
      allowedPath: (pathname) => !pathname.startsWith('/registry/'),
    });
  }

  for (const name of FRAGMENTS) {
    if (!existsSync(fragmentDist(name))) continue;
    await app.register(fastifyStatic, {
      root: fragmentDist(name),
      prefix: `/fragments/${name}/`,
      decorateReply: false,
      setHeaders: cacheHashedForever,
    });
  }
  if (!existsSync(shell)) return;
  await app.register(fastifyStatic, {
    root: shell,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: shellHeaders,
  });
}

/**
 * The service worker's own policy (shell/src/offline/sw.ts, issue 38.9): it fetches this origin's pages,
 * files and API reads to keep them for offline reading, which the API's `default-src 'none'` refuses.
 */
export const WORKER_POLICY = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function shellHeaders(reply: FastifyReply, file: string): void {
  cacheHashedForever(reply, file);
  if (/^sw\.js(\.br|\.gz)?$/.test(path.basename(file))) reply.header('content-security-policy', WORKER_POLICY);
}

/**
 * A chunk named by its content (`[name].[contenthash:8].js`, the web builds' chunk names) never
 * changes: a browser keeps it without asking again. Entry files (main.js, remoteEntry.js), manifests
 * and pages keep the default and are revalidated (ETag) on every load.
 */
function cacheHashedForever(reply: FastifyReply, file: string): void {
  if (/\.[0-9a-f]{8}\.js$/.test(file)) reply.header('cache-control', 'public, max-age=31536000, immutable');
}

/**
 * The file prerendered for a public page (shell/scripts/prerender.mjs writes `prerendered/<path>.html`:
 * `/` -> index.html, `/faq` -> faq.html, `/app/support/contact-us` -> app/support/contact-us.html).
 */
export function prerenderedPage(pathname: string): string | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // Only plain lower-case paths: nothing like `..` can reach outside the folder.
  if (!/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/.test(trimmed)) return undefined;
  return `prerendered/${trimmed === '/' ? 'index' : trimmed.slice(1)}.html`;
}

/**
 * Pages of the app (/, /app/..., /faq) are the shell's page; the shell's router takes it from there.
 * A public page that was prerendered is sent as its own HTML (content and <head> before any script).
 */
export function pageFallbackFor(dist: string, scriptOrigins: readonly string[] = []) {
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const pathname = request.url.split('?')[0]!;
    if (request.method !== 'GET' || pathname.startsWith('/api/') || path.extname(pathname) || !existsSync(dist)) return false;
    const prerendered = prerenderedPage(pathname);
    const file = prerendered && existsSync(path.join(dist, prerendered)) ? prerendered : 'index.html';
    void reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      // The built index.html's inline scripts, never a prerendered page's: those pages hold the blog CMS's
      // titles and texts, so a script that slipped into one must not be allowed by its own hash.
      .header('content-security-policy', policyOf(path.join(dist, 'index.html'), scriptOrigins))
      .sendFile(file, dist);
    return true;
  };
}

/** The pages' Content-Security-Policy, made from the app's index.html once per version of the file. */
const policies = new Map<string, { mtimeMs: number; policy: string }>();
function policyOf(file: string, scriptOrigins: readonly string[]): string {
  const { mtimeMs } = statSync(file);
  const key = `${file} ${scriptOrigins.join(' ')}`;
  const known = policies.get(key);
  if (known?.mtimeMs === mtimeMs) return known.policy;
  const policy = pagePolicy(readFileSync(file, 'utf8'), scriptOrigins);
  policies.set(key, { mtimeMs, policy });
  return policy;
}

/** The page fallback whose policy also lets the page load fragments published on another origin (a CDN). */
export function webPageFallbackFor(config: Config) {
  return pageFallbackFor(shellDist, fragmentOrigins(config));
}

export function fragmentOrigins(config: Pick<Config, 'FRAGMENT_ENV' | 'FRAGMENT_PUBLIC_URL'>): string[] {
  return config.FRAGMENT_ENV && /^https?:\/\//.test(config.FRAGMENT_PUBLIC_URL) ? [new URL(config.FRAGMENT_PUBLIC_URL).origin] : [];
}
