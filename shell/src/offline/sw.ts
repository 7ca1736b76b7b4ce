/**
 * The service worker (issue 38.9: offline reading), built by Workbox's InjectManifest into /sw.js
 * (webpack.config.cjs) and registered by register.ts in production builds only.
 *
 * - The shell's own build is precached with each file's revision: a new deploy installs a new worker,
 *   which replaces the old one at once (skipWaiting) and deletes the files and caches it no longer uses.
 *   Pages and the shell's unhashed entry files come from the network first, so online a deploy always
 *   wins; the precache answers when there is no network. Content-hashed chunks never change: cache first.
 * - The fragments (deployed on their own, found through /registry.json) are cached as they are fetched,
 *   network first: a fragment's new deploy wins whenever the network answers.
 * - The signed-in learner's reads of an article (cache-rules.ts decides which) are kept, network first,
 *   in a cache of that learner's own: the worker keeps data only for the learner the page names (a
 *   message on every sign-in and sign-out) and deletes every other learner's cache when that changes.
 *   At most the 50 articles last opened are kept, each with its related reads.
 */
import { cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NetworkFirst } from 'workbox-strategies';
import {
  apiCacheName,
  apiCachesToDrop,
  FRAGMENTS_CACHE,
  INDEX_KEY,
  isKeepable,
  keepRead,
  META_CACHE,
  NOT_AVAILABLE_OFFLINE,
  offlineRead,
  outdatedCaches,
  parseIndex,
  USER_KEY,
  USER_MESSAGE,
  type OfflineRead,
} from './cache-rules';

// The worker's global scope, as far as this file uses it (the shell's TypeScript lib is the DOM's, not WebWorker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
/** The app's page as the server sends it for any /app path (with its Content-Security-Policy): webpack.config.cjs adds it. */
const APP_PAGE = '/app';
const HASHED = /\.[0-9a-f]{8}\.js$/;

// Written so (a cast, not a variable) that the built file reads `self.__WB_MANIFEST`, where InjectManifest puts the list.
const manifest = (self as unknown as WorkerScope).__WB_MANIFEST;
precache(manifest);
cleanupOutdatedCaches();
const shellFiles = new Set(manifest.map((entry) => new URL(entry.url, worker.location.href).pathname));
/**
 * How long a page, a file or a read waits for the network when something was kept: on a train the
 * connection often hangs rather than fails. The network's answer, when it comes, is still kept.
 */
const NETWORK_TIMEOUT_MS = 4000;
// Each deploy of a fragment adds new content-hashed files: the least recently used go past 300.
const fragments = new NetworkFirst({
  cacheName: FRAGMENTS_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_MS / 1000,
  plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
});

worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(outdatedCaches(names).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  ),
);

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || request.method !== 'GET') return;
  if (request.mode === 'navigate') return event.respondWith(page(request));
  const read = offlineRead(request.method, url);
  if (read) return event.respondWith(apiRead(event, read));
  if (url.pathname === '/registry.json' || url.pathname.startsWith('/fragments/') || url.pathname.startsWith('/fragment-store/')) {
    return event.respondWith(fragments.handle({ event: event as never, request }));
  }
  if (shellFiles.has(url.pathname)) event.respondWith(shellFile(request, url.pathname));
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; uid?: unknown } | null;
  if (data?.type !== USER_MESSAGE) return;
  const uid = typeof data.uid === 'string' ? data.uid : null;
  // At once, so a read in flight for the learner before is not kept for them (see keep()).
  user = Promise.resolve(uid);
  event.waitUntil(serially(() => rememberUser(uid)));
});

/**
 * The network's answer; without one (no network, or none within `timeoutMs`) what `kept` gives, if
 * anything. `answered` sees the network's answer whenever it comes (before the page reads it).
 */
async function networkFirst(
  request: Request,
  kept: () => Promise<Response | undefined>,
  answered?: (response: Response) => void,
  /** null: wait for the network however long it takes (a kept answer only when there is none). */
  timeoutMs: number | null = NETWORK_TIMEOUT_MS,
): Promise<Response> {
  const network = fetch(request);
  if (answered) network.then(answered, () => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    if (timeoutMs !== null) timer = setTimeout(() => resolve('slow'), timeoutMs);
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first !== 'slow') return first;
    return (await kept()) ?? (await network);
  } catch (error) {
    const fallback = await kept();
    if (fallback) return fallback;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Pages: the server's (a deploy wins); without a network, the precached app page, whose router takes over. */
const page = (request: Request) => networkFirst(request, () => matchPrecache(APP_PAGE));

async function shellFile(request: Request, path: string): Promise<Response> {
  if (HASHED.test(path)) return (await matchPrecache(path)) ?? fetch(request);
  return networkFirst(request, () => matchPrecache(path));
}

/** Extends the event's life for `work`; once the event is over (a late answer), `work` just runs. */
function alsoWaitFor(event: ExtendableEvent, work: Promise<void>): void {
  try {
    event.waitUntil(work);
  } catch {
    // InvalidStateError: the event has ended; the write goes on while the worker lives.
  }
}

/** The learner the page last named (kept in META_CACHE: the browser stops an idle worker). */
let user: Promise<string | null> | undefined;
function currentUser(): Promise<string | null> {
  user ??= caches
    .open(META_CACHE)
    .then((meta) => meta.match(USER_KEY))
    .then((answer) => (answer ? (answer.json() as Promise<{ uid?: unknown }>) : null))
    .then((data) => (typeof data?.uid === 'string' ? data.uid : null))
    .catch(() => null);
  return user;
}

async function rememberUser(uid: string | null): Promise<void> {
  const meta = await caches.open(META_CACHE);
  await meta.put(USER_KEY, json({ uid }));
  const names = await caches.keys();
  await Promise.all(apiCachesToDrop(names, uid).map((name) => caches.delete(name)));
}

/** Cache writes one after another: the article index is read, changed and written back. */
let writes: Promise<void> = Promise.resolve();
function serially(task: () => Promise<void>): Promise<void> {
  writes = writes.then(task).catch((error: unknown) => console.error('[verba] offline cache', error));
  return writes;
}

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
const absolute = (key: string) => new URL(key, worker.location.origin).href;

/** Network first; offline the learner's kept answer, or for an article never opened, a message that says so. */
async function apiRead(event: FetchEvent, read: OfflineRead): Promise<Response> {
  const uid = await currentUser();
  if (uid === null) return fetch(event.request);
  const kept = async () => {
    const cached = await (await caches.open(apiCacheName(uid))).match(absolute(read.key));
    // Read again: it is now the article opened last.
    if (cached && read.kind === 'article')
      alsoWaitFor(
        event,
        serially(() => keep(uid, read)),
      );
    return cached;
  };
  const answered = (response: Response) => {
    if (!isKeepable(response)) return;
    const copy = response.clone();
    alsoWaitFor(
      event,
      serially(() => keep(uid, read, copy)),
    );
  };
  try {
    // A read at a position (after the learner's own write) waits for the server while there is a network: a
    // kept answer from before that write would undo it on the page. Offline it still gets the kept one.
    const waits = new URL(event.request.url).searchParams.has('minPosition');
    return await networkFirst(event.request, kept, answered, waits ? null : NETWORK_TIMEOUT_MS);
  } catch (error) {
    if (read.kind === 'article') return json({ message: NOT_AVAILABLE_OFFLINE }, 503);
    throw error;
  }
}

/** Keeps an answer for `uid` (and its article among the 50 last opened), unless the learner changed meanwhile. */
async function keep(uid: string, read: OfflineRead, answer?: Response): Promise<void> {
  if ((await currentUser()) !== uid) return;
  const cache = await caches.open(apiCacheName(uid));
  if (read.kind === 'learner') {
    if (answer) await cache.put(absolute(read.key), answer);
    return;
  }
  const stored = await cache.match(absolute(INDEX_KEY));
  const index = parseIndex(stored ? await stored.json().catch(() => null) : null);
  const next = keepRead(index, read.kind === 'of-reading' ? undefined : read.articleId, read.key);
  if (!next.kept) return;
  if (answer) await cache.put(absolute(read.key), answer);
  await Promise.all(next.drop.map((key) => cache.delete(absolute(key))));
  await cache.put(absolute(INDEX_KEY), json(next.index));
}
