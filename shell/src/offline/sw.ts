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
 * - The learner's writes that carry a command id (queue-rules.ts) go to the network; without one they wait in
 *   IndexedDB (outbox.ts), in order, and the page is answered as if they were done; the reads the page makes
 *   meanwhile show them. They are sent once each when the network is back (a page's online event, any answer
 *   from the server, a background sync); the server's refusal is kept for the learner to read, never dropped.
 * - The word panel's look-ups (POST, by their body) are kept with the article being read, network first.
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
  articleTitle,
  dropArticle,
  keptTexts,
  pinArticle,
  TEXT_DROP,
  TEXT_PIN,
  TEXTS_ASK,
  TEXTS_STATE,
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
  type KeptIndex,
  type OfflineRead,
} from './cache-rules';
import { queuedWrites, refusals } from './outbox';
import {
  answerFromWrites,
  articleOfWrite,
  CHANGED_READS,
  CSRF_COOKIE,
  CSRF_HEADER,
  describeWrite,
  isLookup,
  isQueuedRoute,
  lookupKey,
  nextRetryMs,
  QUEUE_ASK,
  QUEUE_FLUSH,
  QUEUE_FORGET,
  QUEUE_STATE,
  QUEUED_HEADER,
  queuedAnswer,
  queuedKind,
  REFUSAL_SEEN,
  rereadAfter,
  sendOutcome,
  serverMessage,
  withQueuedWrites,
  type QueuedWrite,
  type QueueState,
} from './queue-rules';

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
  readonly source: { postMessage(message: unknown): void } | null;
}
interface WindowClient {
  postMessage(message: unknown): void;
}
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<readonly WindowClient[]> };
  registration: { sync?: { register(tag: string): Promise<void> } };
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate' | 'sync', listener: (event: ExtendableEvent) => void): void;
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
  if (url.origin !== worker.location.origin) return;
  if (request.method !== 'GET') {
    if (isLookup(request.method, url.pathname)) return event.respondWith(lookup(event));
    if (isQueuedRoute(request.method, url.pathname)) event.respondWith(write(event));
    return;
  }
  if (request.mode === 'navigate') return event.respondWith(page(request));
  const read = offlineRead(request.method, url);
  if (read) return event.respondWith(apiRead(event, read));
  if (url.pathname === '/registry.json' || url.pathname.startsWith('/fragments/') || url.pathname.startsWith('/fragment-store/')) {
    return event.respondWith(fragments.handle({ event: event as never, request }));
  }
  if (shellFiles.has(url.pathname)) event.respondWith(shellFile(request, url.pathname));
});

worker.addEventListener('sync', (event) => event.waitUntil(flush()));

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; uid?: unknown; id?: unknown; pinned?: unknown } | null;
  const id = data?.id;
  if (data?.type === QUEUE_ASK) return event.waitUntil(queueState().then((state) => event.source?.postMessage(state)));
  if (data?.type === QUEUE_FLUSH) return event.waitUntil(flush());
  if (data?.type === QUEUE_FORGET) return event.waitUntil(forgetQueue().then(() => broadcastQueue()));
  if (data?.type === REFUSAL_SEEN && typeof id === 'number') return event.waitUntil(refusals.remove(id).then(() => broadcastQueue()));
  if (data?.type === TEXTS_ASK) return event.waitUntil(textsState().then((state) => event.source?.postMessage(state)));
  if (data?.type === TEXT_PIN && typeof id === 'string')
    return event.waitUntil(changeTexts((index) => ({ index: pinArticle(index, id, data.pinned === true), drop: [] })));
  if (data?.type === TEXT_DROP && typeof id === 'string') return event.waitUntil(changeTexts((index) => dropArticle(index, id)));
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
  // Another learner's waiting writes are never sent for this one, nor kept (sign-out forgets the learner's own).
  if (uid !== null) {
    await forgetQueue(uid);
    await broadcastQueue();
    void flush();
  }
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
    const cached =
      (await (await caches.open(apiCacheName(uid))).match(absolute(read.key))) ?? (await fromWaitingWrites(uid, event.request.url));
    // Read again: it is now the article opened last.
    if (cached && read.kind === 'article')
      alsoWaitFor(
        event,
        serially(() => keep(uid, read)),
      );
    return cached;
  };
  const answered = (response: Response) => {
    // The server answers: the network is back, so whatever waits can go.
    if (response.status < 500) void flush();
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
    const url = new URL(event.request.url);
    const waits = url.searchParams.has('minPosition');
    const answer = await networkFirst(event.request, kept, answered, waits ? null : NETWORK_TIMEOUT_MS);
    return await withWaitingWrites(uid, url, answer);
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
  const index = await readIndex(cache);
  // The article itself, read anew or from the cache: the one opened last, now (with its title, for the profile).
  const title =
    read.kind === 'article' && answer
      ? articleTitle(
          await answer
            .clone()
            .json()
            .catch(() => null),
        )
      : undefined;
  const opened = read.kind === 'article' ? { at: new Date().toISOString(), title } : undefined;
  const next = keepRead(index, read.kind === 'of-reading' ? undefined : read.articleId, read.key, undefined, opened);
  if (!next.kept) return;
  if (answer) await cache.put(absolute(read.key), answer);
  await Promise.all(next.drop.map((key) => cache.delete(absolute(key))));
  await cache.put(absolute(INDEX_KEY), json(next.index));
}

async function readIndex(cache: Cache): Promise<KeptIndex> {
  const stored = await cache.match(absolute(INDEX_KEY));
  return parseIndex(stored ? await stored.json().catch(() => null) : null);
}

// ---- Writes made offline (issue 38.9): queued in order, sent once each when the network is back. ----

/** The background sync the worker asks for when a write waits: the browser wakes it once there is a network. */
const SYNC_TAG = 'verba-offline-writes';

/** The waiting writes of every learner, in order: IndexedDB's, mirrored here (reads consult them on every answer). */
let waiting: QueuedWrite[] = [];
let loaded: Promise<void> | undefined;
const loadQueue = (): Promise<void> =>
  (loaded ??= queuedWrites.all().then(
    (all) => void (waiting = all),
    (error: unknown) => {
      loaded = undefined;
      console.error('[verba] offline writes unavailable', error);
    },
  ));
const waitingOf = (uid: string | null) => (uid === null ? [] : waiting.filter((w) => w.uid === uid));

/**
 * A write: sent as it is, unless the route's writes are queued (a command id the server dedupes) and there
 * is no network, or older writes still wait (they go first). A queued write is answered as done (202).
 */
async function write(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const url = new URL(request.url);
  const uid = await currentUser();
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  const kind = uid === null ? null : queuedKind(request.method, url.pathname, body);
  if (uid === null || kind === null || body === null) return fetch(request);
  await loadQueue();
  if (waitingOf(uid).length === 0) {
    try {
      return await fetch(request);
    } catch {
      // No network: the write waits (if the server got it after all, its command id makes the resend a no-op).
    }
  }
  const csrf = request.headers.get(CSRF_HEADER);
  const queued: QueuedWrite = {
    uid,
    kind,
    method: request.method,
    url: `${url.pathname}${url.search}`,
    body,
    label: describeWrite(kind, body, await titleOf(uid, articleOfWrite({ kind, body }))),
    queuedAt: new Date().toISOString(),
    ...(csrf ? { csrf } : {}),
  };
  queued.id = await queuedWrites.add(queued);
  waiting.push(queued);
  alsoWaitFor(
    event,
    queueState().then((state) => tellPages({ ...state, changed: rereadAfter(kind) })),
  );
  void worker.registration.sync?.register(SYNC_TAG).catch(() => undefined);
  void flush();
  return new Response(JSON.stringify(queuedAnswer(kind, body)), {
    status: 202,
    headers: { 'content-type': 'application/json; charset=utf-8', [QUEUED_HEADER]: '1' },
  });
}

/** An article's title, as kept with it (for the learner's words about a refused change). */
async function titleOf(uid: string, articleId: string | undefined): Promise<string | undefined> {
  if (!articleId) return undefined;
  const index = await readIndex(await caches.open(apiCacheName(uid)));
  return index.find((a) => a.id === articleId)?.title;
}

/** Nothing kept, but a waiting write says it all (a meaning typed offline for a word never looked up online). */
async function fromWaitingWrites(uid: string, url: string): Promise<Response | undefined> {
  await loadQueue();
  const answer = answerFromWrites(new URL(url), waitingOf(uid));
  return answer === undefined ? undefined : json(answer);
}

/** A read the waiting writes change (the dictionary, a word's meaning) is answered with them in. */
async function withWaitingWrites(uid: string, url: URL, answer: Response): Promise<Response> {
  await loadQueue();
  const mine = waitingOf(uid);
  if (mine.length === 0 || !answer.ok) return answer;
  const data: unknown = await answer
    .clone()
    .json()
    .catch(() => undefined);
  if (data === undefined) return answer;
  const changed = withQueuedWrites(url, data, mine);
  return changed === data ? answer : json(changed, answer.status);
}

let flushing: Promise<void> | undefined;
/** Sends the signed-in learner's waiting writes, one at a time, in order (one run at once). */
function flush(): Promise<void> {
  flushing ??= sendWaiting().finally(() => (flushing = undefined));
  return flushing;
}

let retryMs: number | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** Writes still wait after a try: another one later (nextRetryMs), whatever else asks meanwhile. */
function retryLater(): void {
  if (retryTimer !== undefined) return;
  retryMs = nextRetryMs(retryMs);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void flush();
  }, retryMs);
}

async function sendWaiting(): Promise<void> {
  await loadQueue();
  const uid = await currentUser();
  for (let next = waitingOf(uid)[0]; next && (await currentUser()) === uid; next = waitingOf(uid)[0]) {
    let response: Response;
    try {
      response = await send(next);
    } catch {
      retryLater(); // still no network: it waits, and so does everything after it
      return;
    }
    const text = await response.text().catch(() => '');
    let answer: unknown = text;
    try {
      answer = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: the text is the message
    }
    const message = serverMessage(answer, response.status);
    const outcome = sendOutcome(response.status, message);
    if (outcome === 'keep') {
      retryLater();
      return;
    }
    retryMs = undefined; // taken (or refused for good): a later wait starts again at the first delay
    if (outcome === 'refused') await refusals.add({ uid: next.uid, label: next.label, message, refusedAt: new Date().toISOString() });
    else await serially(() => applySent(next.uid, next));
    if (next.id !== undefined) await queuedWrites.remove(next.id);
    const sent = next;
    waiting = waiting.filter((w) => w !== sent);
    const position = (answer as { position?: unknown } | undefined)?.position;
    await broadcastQueue(typeof position === 'string' ? position : undefined);
  }
}

async function send(queued: QueuedWrite): Promise<Response> {
  // The session's token now (it changes when the learner signs in again), else the one the write was made with.
  const cookie = await worker.cookieStore?.get(CSRF_COOKIE).catch(() => null);
  const csrf = cookie?.value ?? queued.csrf;
  return fetch(queued.url, {
    method: queued.method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
    body: JSON.stringify(queued.body),
    credentials: 'include',
  });
}

/** A sent write is put into the kept reads it changes: offline again later, they show it without the queue. */
async function applySent(uid: string, sent: QueuedWrite): Promise<void> {
  if ((await currentUser()) !== uid) return;
  const cache = await caches.open(apiCacheName(uid));
  for (const key of await cache.keys()) {
    const url = new URL(key.url);
    if (!CHANGED_READS.includes(url.pathname)) continue;
    const kept = await cache.match(key);
    const data: unknown = await kept?.json().catch(() => undefined);
    const changed = withQueuedWrites(url, data, [sent]);
    if (data !== undefined && changed !== data) await cache.put(key, json(changed));
  }
}

/** Forgets the waiting writes and refusals of everyone but `uid` (null: everyone, at sign-out). */
async function forgetQueue(uid: string | null = null): Promise<void> {
  await loadQueue();
  waiting = waiting.filter((w) => w.uid === uid);
  await queuedWrites.dropOthers(uid);
  await refusals.dropOthers(uid);
}

async function queueState(position?: string): Promise<QueueState> {
  await loadQueue();
  const uid = await currentUser();
  const refused = uid === null ? [] : (await refusals.all()).filter((r) => r.uid === uid);
  return { type: QUEUE_STATE, waiting: waitingOf(uid).length, refusals: refused, ...(position ? { position } : {}) };
}

async function tellPages(message: unknown): Promise<void> {
  for (const page of await worker.clients.matchAll({ type: 'window' })) page.postMessage(message);
}
const broadcastQueue = async (position?: string): Promise<void> => tellPages(await queueState(position));

// ---- The word panel's look-ups: kept by their body with the article being read. ----

async function lookup(event: FetchEvent): Promise<Response> {
  const uid = await currentUser();
  if (uid === null) return fetch(event.request);
  const url = new URL(event.request.url);
  const body: unknown = await event.request
    .clone()
    .json()
    .catch(() => null);
  const read: OfflineRead = { kind: 'of-reading', key: lookupKey(url.pathname, body) };
  const kept = async () => (await caches.open(apiCacheName(uid))).match(absolute(read.key));
  const answered = (response: Response) => {
    if (!isKeepable(response)) return;
    const copy = response.clone();
    alsoWaitFor(
      event,
      serially(() => keep(uid, read, copy)),
    );
  };
  return networkFirst(event.request, kept, answered);
}

// ---- The texts kept offline, as the profile lists them: pin one, or remove one. ----

async function textsState() {
  const uid = await currentUser();
  const index = uid === null ? [] : await readIndex(await caches.open(apiCacheName(uid)));
  return { type: TEXTS_STATE, texts: keptTexts(index) };
}

async function changeTexts(change: (index: KeptIndex) => { index: KeptIndex; drop: string[] }): Promise<void> {
  await serially(async () => {
    const uid = await currentUser();
    if (uid === null) return;
    const cache = await caches.open(apiCacheName(uid));
    const next = change(await readIndex(cache));
    await Promise.all(next.drop.map((key) => cache.delete(absolute(key))));
    await cache.put(absolute(INDEX_KEY), json(next.index));
  });
  await tellPages(await textsState());
}
