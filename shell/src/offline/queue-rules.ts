/**
 * Offline writes (issue 38.9): which of the reader's writes the service worker queues when there is no
 * network, what it answers the page meanwhile, how a queued write shows in the reads the page makes
 * before it is sent, and what a send's answer means. Pure functions, tested without a browser.
 *
 * Only writes that carry a command id are queued: the server applies a resent command id once, so a
 * write sent from the queue after the network came back (or sent twice after a worker restart) lands once.
 */
import type {
  addArticleProgress,
  createFlashcard,
  getDictionary,
  getOwnMeaning,
  patchDictionary,
  patchWord,
  saveOwnMeaning,
  setBookmark,
} from '@verba/contracts/http';
import type { translate, translateAi, translateMultiWords } from '@verba/contracts/http';

/** The writes kept in the queue offline, by their contract routes (`satisfies` checks each path). */
export const QUEUED_WRITES = [
  { kind: 'mark', method: 'PATCH', path: '/api/dictionary/word' satisfies (typeof patchWord)['path'] },
  { kind: 'marks', method: 'PATCH', path: '/api/dictionary' satisfies (typeof patchDictionary)['path'] },
  { kind: 'meaning', method: 'POST', path: '/api/translation/meanings' satisfies (typeof saveOwnMeaning)['path'] },
  { kind: 'bookmark', method: 'POST', path: '/api/articles/bookmark' satisfies (typeof setBookmark)['path'] },
  { kind: 'progress', method: 'POST', path: '/api/articles/progress/add' satisfies (typeof addArticleProgress)['path'] },
  // The card an Uncertain mark makes (one a word: the server answers the word's card when it has one).
  { kind: 'card', method: 'POST', path: '/api/flashcards/one' satisfies (typeof createFlashcard)['path'] },
] as const;
export type WriteKind = (typeof QUEUED_WRITES)[number]['kind'];

/** The reads a queued write changes: the page reads them with the write in, as the server will answer later. */
const DICTIONARY = '/api/dictionary' satisfies (typeof getDictionary)['path'];
const OWN_MEANING = '/api/translation/meanings' satisfies (typeof getOwnMeaning)['path'];
export const CHANGED_READS: readonly string[] = [DICTIONARY, OWN_MEANING];

/** The look-ups of the word panel (POST, by their body): kept network first, answered from the cache offline. */
export const LOOKUPS = [
  '/api/translation' satisfies (typeof translate)['path'],
  '/api/translation-ai' satisfies (typeof translateAi)['path'],
  '/api/translation-ai/multi-words-translation-prompt/post' satisfies (typeof translateMultiWords)['path'],
] as const;
export const isLookup = (method: string, pathname: string): boolean =>
  method === 'POST' && (LOOKUPS as readonly string[]).includes(pathname);

/** Where a look-up's answer is kept: its path and its body (key order does not matter), as a GET key of the learner's cache. */
export function lookupKey(pathname: string, body: unknown): string {
  return `/__verba-offline/lookup${pathname}?body=${encodeURIComponent(stableJson(body))}`;
}
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export type WordStatus = 'new' | 'known' | 'uncertain' | 'ignored';
type Mark = { value: string; status: WordStatus };
type Body = Record<string, unknown>;

/** A write waiting in the queue, as the worker stores it (IndexedDB keeps them in the order they came). */
export interface QueuedWrite {
  /** IndexedDB's key: the order they are sent in. */
  id?: number;
  uid: string;
  kind: WriteKind;
  method: string;
  url: string;
  body: Body;
  /** What the learner sees when the server refuses it: "“Haus” marked Known". */
  label: string;
  queuedAt: string;
  /** The CSRF token it was made with, if the worker cannot read the session's cookie when it sends it. */
  csrf?: string;
}

/** Whether `method` `pathname` is a route whose writes may wait (the worker leaves every other write alone). */
export const isQueuedRoute = (method: string, pathname: string): boolean =>
  QUEUED_WRITES.some((w) => w.method === method && w.path === pathname);

/** The queued write's kind when `method` `pathname` with `body` is one (null: send it or fail it as usual). */
export function queuedKind(method: string, pathname: string, body: unknown): WriteKind | null {
  const route = QUEUED_WRITES.find((w) => w.method === method && w.path === pathname);
  if (!route || !body || typeof body !== 'object') return null;
  // Without a command id a resend could apply twice: such a write is never queued.
  return typeof (body as Body)['commandId'] === 'string' ? route.kind : null;
}

const STATUS_NAMES: Record<WordStatus, string> = { new: 'New', known: 'Known', uncertain: 'Uncertain', ignored: 'Ignored' };
const marksOf = (kind: WriteKind, body: Body): Mark[] =>
  kind === 'mark' ? [body['word'] as Mark] : kind === 'marks' ? ((body['words'] as Mark[] | undefined) ?? []) : [];
type Card = { sourceValue?: string; origin?: string; originId?: string; id?: string };
const cardOf = (body: Body): Card => (body['flashcard'] as Card | undefined) ?? {};
const articleIdOf = (kind: WriteKind, body: Body): string | undefined => {
  if (kind === 'bookmark') return body['articleId'] as string | undefined;
  if (kind === 'progress') return (body['articleProgressItem'] as { articleId?: string } | undefined)?.articleId;
  if (kind === 'card' && cardOf(body).origin === 'article') return cardOf(body).originId;
  return undefined;
};
export const articleOfWrite = (write: Pick<QueuedWrite, 'kind' | 'body'>): string | undefined => articleIdOf(write.kind, write.body);

/** The change in the learner's words; `title` is the article's, when the worker kept it. */
export function describeWrite(kind: WriteKind, body: Body, title?: string): string {
  const inText = title ? ` in “${title}”` : ' in an article';
  switch (kind) {
    case 'mark': {
      const [mark] = marksOf(kind, body);
      return `“${mark?.value ?? ''}” marked ${STATUS_NAMES[mark?.status ?? 'new']}`;
    }
    case 'marks': {
      const marks = marksOf(kind, body);
      const statuses = new Set(marks.map((m) => m.status));
      const words = marks.length === 1 ? `“${marks[0]!.value}”` : `${marks.length} words`;
      return statuses.size === 1 ? `${words} marked ${STATUS_NAMES[marks[0]!.status]}` : `${words} marked`;
    }
    case 'meaning':
      return `Your meaning of “${String(body['word'] ?? '')}”`;
    case 'bookmark':
      return `Your page${inText}`;
    case 'progress':
      return `Your progress${inText}`;
    case 'card':
      return `Your card for “${cardOf(body).sourceValue ?? ''}”`;
  }
}

/**
 * What the page gets for a queued write, in the shape its route's response schema takes: the write counts
 * as done (so the page keeps what it shows), with no position (the server has not written it yet).
 */
export function queuedAnswer(kind: WriteKind, body: Body): Record<string, unknown> {
  switch (kind) {
    case 'mark': {
      const [mark] = marksOf(kind, body);
      return { changed: 1, word: mark };
    }
    case 'marks':
      return { changed: marksOf(kind, body).length };
    case 'meaning':
      return { changed: true };
    case 'bookmark':
    case 'progress':
      return {};
    case 'card':
      // The card's own id when the page made one; the server keeps one a word, so this may name none later.
      return { changed: 1, id: cardOf(body).id ?? crypto.randomUUID() };
  }
}

/** The answer a queued write's page gets carries this header (tests and the kit can tell it from a sent one). */
export const QUEUED_HEADER = 'x-verba-queued';

/**
 * A kept or fresh answer of a read with the queued writes in, in order: the dictionary with the marks
 * (New takes a word out), a word's own meaning with the meaning typed. Other reads are left as they are.
 * `url` is the read's path and query.
 */
export function withQueuedWrites(url: URL, data: unknown, writes: readonly Pick<QueuedWrite, 'kind' | 'body'>[]): unknown {
  if (!data || typeof data !== 'object') return data;
  const languageCode = url.searchParams.get('languageCode');
  if (url.pathname === DICTIONARY) {
    const dictionary = data as { words?: Mark[] };
    if (!Array.isArray(dictionary.words)) return data;
    const words = new Map(dictionary.words.map((w) => [w.value, w]));
    let changed = false;
    for (const { kind, body } of writes) {
      if (body['languageCode'] !== languageCode) continue;
      for (const mark of marksOf(kind, body)) {
        changed = true;
        words.delete(mark.value);
        if (mark.status !== 'new') words.set(mark.value, { value: mark.value, status: mark.status });
      }
    }
    return changed ? { ...dictionary, words: [...words.values()] } : data;
  }
  if (url.pathname === OWN_MEANING) {
    const word = url.searchParams.get('word')?.trim();
    const typed = writes.filter(
      (w) => w.kind === 'meaning' && w.body['languageCode'] === languageCode && String(w.body['word'] ?? '').trim() === word,
    );
    const last = typed.at(-1);
    return last ? { ...(data as object), meaning: last.body['meaning'] } : data;
  }
  return data;
}

/** A read the waiting writes answer by themselves when nothing was kept: a word's own meaning typed offline. */
export function answerFromWrites(url: URL, writes: readonly Pick<QueuedWrite, 'kind' | 'body'>[]): unknown {
  if (url.pathname !== OWN_MEANING) return undefined;
  const word = url.searchParams.get('word')?.trim() ?? '';
  const answer = withQueuedWrites(url, { word, meaning: null }, writes) as { meaning: unknown };
  return answer.meaning === null ? undefined : answer;
}

/**
 * What a send's answer means: `sent` (done: a repeated command id is done too), `refused` (the server will
 * never take it: the learner is told, it leaves the queue), or `keep` (try again later: the server's trouble,
 * a rate limit, or a session that must be signed in again; it stays, and so does everything after it).
 */
export function sendOutcome(status: number, message = ''): 'sent' | 'refused' | 'keep' {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401 || status === 408 || status === 429 || status >= 500) return 'keep';
  // The session's CSRF token changed (signed in again): sent with the new one next time, not refused.
  if (status === 403 && message === CSRF_FAILED) return 'keep';
  return 'refused';
}

/**
 * When to try the waiting writes again after a send found no network or was told to wait: 1 s, then twice
 * as long each time, at most 30 s, back to 1 s once one is sent. The browser's "online" can come before its
 * connection carries requests (a Wi-Fi link still joining, a worker told after the page), and nothing else
 * may ask again: the writes would wait until the next write or reload.
 */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;
export const nextRetryMs = (previous: number | undefined): number =>
  previous === undefined ? RETRY_FIRST_MS : Math.min(previous * 2, RETRY_MAX_MS);

/** The server's words for a write without this session's CSRF token (services/src/platform/http/routes.ts). */
export const CSRF_FAILED = 'Missing or invalid CSRF token.';
/** The session's CSRF cookie and the header a write echoes it in (kit api/cookies.ts). */
export const CSRF_COOKIE = 'verba_csrf';
export const CSRF_HEADER = 'x-verba-csrf';

/** The server's message in an error answer's body (problem+json `detail`/`message`, or text). */
export function serverMessage(body: unknown, status: number): string {
  if (typeof body === 'string' && body.trim()) return body.trim();
  const { message, detail } = (body ?? {}) as { message?: unknown; detail?: unknown };
  if (typeof detail === 'string' && detail) return detail;
  if (typeof message === 'string' && message) return message;
  return `The server answered ${status}.`;
}

/** A refusal the learner is shown until they dismiss it. */
export interface Refusal {
  id?: number;
  uid: string;
  label: string;
  message: string;
  refusedAt: string;
}

/** The messages between the pages and the worker about the queue. */
export const QUEUE_STATE = 'verba-offline-queue';
export const QUEUE_ASK = 'verba-offline-queue-ask';
export const QUEUE_FLUSH = 'verba-offline-queue-flush';
/** Sign-out: the learner's waiting writes and refusals go with what was kept for them. */
export const QUEUE_FORGET = 'verba-offline-queue-forget';
export const REFUSAL_SEEN = 'verba-offline-refusal-seen';
export interface QueueState {
  type: typeof QUEUE_STATE;
  waiting: number;
  refusals: Refusal[];
  /** The newest position a sent write landed at: the page's next reads wait for it. */
  position?: string;
  /** A write was just queued: the reads it changes (read them again, the worker answers them with it in). */
  changed?: string[];
}

/**
 * The reads a queued write changes that the page must read again: a word's own meaning (the reader shows it
 * as read back). Marks need none: the page shows them at once (optimistic) and keeps them.
 */
export const rereadAfter = (kind: WriteKind): string[] => (kind === 'meaning' ? [OWN_MEANING] : []);

/** The badge's words. */
export const waitingText = (n: number): string => (n === 1 ? '1 change waiting' : `${n} changes waiting`);
