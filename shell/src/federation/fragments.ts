/**
 * single-spa root config: one application per fragment, loaded through the Module Federation
 * runtime from the registry. A failed load or mount shows in the fragment's own area with a retry;
 * the chrome around it keeps working.
 */
import { init, loadRemote, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { addErrorHandler, registerApplication, triggerAppChange, type LifeCycles } from 'single-spa';
import { session } from '@verba/kit';
import { FRAGMENTS, type FragmentName } from '../routing/paths';
import { resolveRoute } from '../routing/resolve-route';
import { incompatibility } from './compatibility';
import { takeManifest } from './early';
import { setFragmentStatus } from './fragment-status';
import type { Registry } from './registry';

const containerName = (name: FragmentName) => `verba_${name}`;
export const fragmentElementId = (name: FragmentName) => `fragment-${name}`;

let registry: Registry = {};
/** Retrying registers a new single-spa app (name#generation): a broken single-spa app cannot be reset. */
const generation = new Map<FragmentName, number>();
const appNames = new Map<string, FragmentName>();

function remoteFor(name: FragmentName) {
  const entry = registry[name];
  return entry ? { name: containerName(name), entry } : null;
}

async function loadSpa(name: FragmentName): Promise<LifeCycles> {
  setFragmentStatus(name, { state: 'loading' });
  try {
    const remote = remoteFor(name);
    if (!remote) throw new Error(`"${name}" is not in the fragment registry.`);
    await refuseIncompatible(name, remote.entry);
    const spa = await loadRemote<LifeCycles>(`${containerName(name)}/spa`);
    if (!spa?.mount) throw new Error(`"${name}" did not expose single-spa lifecycles.`);
    const version = publishedVersion(remote.entry);
    const mounted = async () => setFragmentStatus(name, { state: 'mounted', version });
    const unmounted = async () => setFragmentStatus(name, { state: 'idle' });
    return {
      bootstrap: spa.bootstrap,
      mount: [...[spa.mount].flat(), mounted],
      unmount: [...[spa.unmount].flat(), unmounted],
    };
  } catch (error) {
    setFragmentStatus(name, { state: 'error', message: describe(error) });
    throw error;
  }
}

/** Reads the fragment's manifest before any of its code runs; the federation runtime is handed the same copy. */
async function refuseIncompatible(name: FragmentName, manifestUrl: string): Promise<void> {
  const response = await (takeManifest(manifestUrl) ?? fetch(manifestUrl));
  if (!response.ok) throw new Error(`"${name}" manifest unavailable (${response.status}).`);
  const manifest: unknown = await response.json();
  const why = incompatibility(manifest);
  if (why) throw new Error(`This version of "${name}" cannot run on this page: ${why}. It was not started.`);
  checkedManifests.set(absolute(manifestUrl), manifest);
}

/**
 * Manifests the check above has read, by URL. The runtime asks for a manifest through its fetch hook;
 * this answers with the checked copy, so the browser does not download it again (it is served no-cache,
 * so a cached copy would not have been reused) and the runtime runs what was checked.
 */
const checkedManifests = new Map<string, unknown>();
const absolute = (url: string) => new URL(url, window.location.href).href;
const checkedManifestsPlugin: ModuleFederationRuntimePlugin = {
  name: 'verba-checked-manifests',
  fetch(url) {
    const key = absolute(url);
    if (!checkedManifests.has(key)) return undefined;
    const manifest = checkedManifests.get(key);
    checkedManifests.delete(key);
    return Promise.resolve(new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } }));
  },
};

/** A published fragment lives under <store>/<name>/<content hash>/: the hash names the version; else the built-in copy. */
function publishedVersion(manifestUrl: string): string {
  return /\/([0-9a-f]{12,64})\/mf-manifest\.json$/.exec(manifestUrl)?.[1] ?? 'built-in';
}

function describe(error: unknown): string {
  // single-spa prefixes "application 'x' died in status ...: " to what the fragment's loader threw.
  const text = (error instanceof Error ? error.message : String(error)).replace(/^application '[^']*' died in status [A-Z_]+: /, '');
  // MF runtime errors are long and technical; keep the first line for the curious.
  return text.split('\n')[0]?.slice(0, 300) ?? 'Unknown error';
}

function register(name: FragmentName): void {
  const gen = (generation.get(name) ?? 0) + 1;
  generation.set(name, gen);
  const appName = gen === 1 ? name : `${name}#${gen}`;
  appNames.set(appName, name);
  registerApplication({
    name: appName,
    app: () => loadSpa(name),
    activeWhen: (location) => {
      if (generation.get(name) !== gen) return false;
      const route = resolveRoute(location.pathname, session.get().user);
      return route.kind === 'fragment' && route.name === name;
    },
    customProps: () => ({ domElement: document.getElementById(fragmentElementId(name)) }),
  });
}

export function startFragments(loaded: Registry): void {
  registry = loaded;
  init({ name: 'verba_shell', remotes: [], plugins: [checkedManifestsPlugin] });
  registerRemotes(FRAGMENTS.flatMap((name) => remoteFor(name) ?? []));
  addErrorHandler((error) => {
    const name = appNames.get((error as Error & { appOrParcelName?: string }).appOrParcelName ?? '');
    if (name) setFragmentStatus(name, { state: 'error', message: describe(error) });
    console.error(error);
  });
  for (const name of FRAGMENTS) register(name);
  // Who is signed in decides which fragments are active.
  session.subscribe(() => void triggerAppChange());
}

/** "Try again": forget the failed manifest/container and load the fragment from scratch. */
export function retryFragment(name: FragmentName): void {
  const remote = remoteFor(name);
  if (remote) registerRemotes([remote], { force: true });
  register(name);
  void triggerAppChange();
}
