/**
 * The runtime fragment registry: fragment name -> mf-manifest.json URL, fetched at start-up so a
 * fragment can be redeployed without rebuilding the shell.
 */
export type Registry = Record<string, string>;

export const OVERRIDE_PREFIX = 'verba:fragment-override:';

export async function fetchRegistry(url = '/registry.json'): Promise<Registry> {
  // Default cache mode, so index.html's preload of it is used; both servers send it `no-cache`.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Fragment registry unavailable (${response.status})`);
  const data: unknown = await response.json();
  if (!data || typeof data !== 'object') throw new Error('Fragment registry is not an object');
  return Object.fromEntries(Object.entries(data as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Overrides are a developer tool: honoured only in dev builds or when the shell runs on this machine. */
export function overridesAllowed(location: Location = window.location): boolean {
  return process.env.NODE_ENV !== 'production' || ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
}

/** `verba:fragment-override:<name>` = manifest URL points one fragment elsewhere (e.g. its dev server). */
export function applyOverrides(registry: Registry, storage: Storage = window.localStorage): Registry {
  if (!overridesAllowed()) return registry;
  const result = { ...registry };
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(OVERRIDE_PREFIX)) continue;
    const name = key.slice(OVERRIDE_PREFIX.length);
    const url = storage.getItem(key);
    if (url) {
      result[name] = url;
      console.info(`[verba] fragment "${name}" overridden -> ${url}`);
    }
  }
  return result;
}
