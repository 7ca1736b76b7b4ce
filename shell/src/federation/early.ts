/**
 * Start-up fetches begun by index.ts, before the shell's own code (React, the app) has loaded: the
 * fragment registry, and for a signed-in browser on a fragment's page that fragment's manifest, with
 * its remoteEntry.js and the ./spa module's chunks preloaded. Otherwise each of these waits for the
 * one before it after the shell has started: registry, manifest, remoteEntry, chunks, one round trip
 * each (about 0.6 s each on a phone's 3G). Nothing here runs fragment code: the manifest is still
 * checked (fragments.ts) before the runtime loads anything from it.
 */
import { FRAGMENT_ROUTES, type FragmentName } from '../routing/paths';
import { applyOverrides, fetchRegistry, type Registry } from './registry';

let registry: Promise<Registry> | undefined;
const manifests = new Map<string, Promise<Response>>();

const absolute = (url: string) => new URL(url, window.location.href).href;

/**
 * The fragment shown at `pathname` for a signed-in user, if one. Not the admin fragment: most users
 * may not open it (resolve-route.ts decides for real).
 */
export function fragmentAt(pathname: string): FragmentName | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = FRAGMENT_ROUTES.find(([base]) => path === base || path.startsWith(`${base}/`));
  return route && route[1] !== 'admin' ? route[1] : undefined;
}

/** The readable CSRF cookie comes and goes with a session: without it the guest is sent to sign in. */
const holdsSession = (cookies: string) => /(?:^|;\s*)verba_csrf=/.test(cookies);

/** index.ts: asks for the registry, and for the manifest and first code of the fragment at `pathname`. */
export function startEarly(pathname: string, cookies = document.cookie): void {
  const pending = fetchRegistry();
  registry = pending;
  pending.catch(() => undefined); // bootstrap.tsx reports a failure when it takes the registry
  const name = holdsSession(cookies) ? fragmentAt(pathname) : undefined;
  if (!name) return;
  pending.then(
    (loaded) => {
      const url = applyOverrides(loaded)[name];
      if (url) prefetchManifest(url);
    },
    () => undefined,
  );
}

/** The registry startEarly asked for (once), else a new request. */
export function takeRegistry(): Promise<Registry> {
  const early = registry;
  registry = undefined;
  return early ?? fetchRegistry();
}

/** The response to the manifest request startEarly made for `url` (once), if it made one. */
export function takeManifest(url: string): Promise<Response> | undefined {
  const key = absolute(url);
  const early = manifests.get(key);
  manifests.delete(key);
  return early;
}

/** What the web preset names every fragment's container (remoteEntry.js beside mf-manifest.json). */
const PRESET_ENTRY = 'remoteEntry.js';

function prefetchManifest(url: string): void {
  const key = absolute(url);
  const response = fetch(key);
  manifests.set(key, response);
  // Asked for with the manifest, not a round trip after it; a manifest naming another file adds its own below.
  preloadScript(new URL(PRESET_ENTRY, key).href);
  response.then(
    async (r) => {
      if (r.ok) for (const file of firstFiles(await r.clone().json())) preloadScript(new URL(file, key).href);
    },
    () => undefined,
  );
}

interface ManifestShape {
  metaData?: { publicPath?: string; remoteEntry?: { path?: string; name?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] } } }>;
}

/**
 * remoteEntry.js and the ./spa module's own chunks, relative to the manifest. Only for a manifest
 * with publicPath 'auto' (chunks beside remoteEntry.js, as the preset builds them); else none.
 */
export function firstFiles(manifest: unknown): string[] {
  const { metaData, exposes } = (manifest ?? {}) as ManifestShape;
  const entry = metaData?.remoteEntry;
  if (metaData?.publicPath !== 'auto' || !entry?.name) return [];
  const dir = entry.path ? `${entry.path.replace(/\/+$/, '')}/` : '';
  const spa = exposes?.find((e) => e.path === './spa')?.assets?.js?.sync ?? [];
  return [entry.name, ...spa].map((file) => `${dir}${file}`);
}

function preloadScript(href: string): void {
  if ([...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some((l) => l.href === href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'script');
  link.href = href;
  document.head.append(link);
}
