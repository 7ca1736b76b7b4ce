/**
 * Offline reading (issue 38.9): which answers the service worker (sw.ts) keeps, under which cache, and
 * which go when. Pure functions, shared by the worker and the page (register.ts), so the rules are tested
 * without a browser: only GET reads of the reader and of the signed-in learner, never an admin route or an
 * error answer, in a cache of that learner's own, and at most the 50 articles last opened.
 */
import type {
  createdFlashcards,
  getArticle,
  getAudio,
  getBookmark,
  getDictionary,
  getOwnMeaning,
  getProfile,
  getRating,
  getUser,
} from '@verba/contracts/http';

/** Every cache of the app starts so; on activate the worker deletes those of other versions. */
export const CACHE_PREFIX = 'verba-';
/** Bump a version when what a cache holds changes shape: the new worker deletes the old caches. */
export const FRAGMENTS_CACHE = 'verba-fragments-v1';
export const API_CACHE_PREFIX = 'verba-api-v1-';
/** Who the worker is keeping data for (it forgets it when its process stops). */
export const META_CACHE = 'verba-offline-meta-v1';
export const USER_KEY = '/__verba-offline/user';
/** The kept articles, most recent first, with the reads that go with each (stored in the user's cache). */
export const INDEX_KEY = '/__verba-offline/articles';

/** How many articles a learner can open offline: those opened last. */
export const KEPT_ARTICLES = 50;

/** What the reader shows for an article never opened on this device (its error notice's detail). */
export const NOT_AVAILABLE_OFFLINE = 'This article is not available offline: open it once while online to read it without a connection.';

/** The cache of one learner's answers: another learner's reads never land in it. */
export const apiCacheName = (uid: string): string => `${API_CACHE_PREFIX}${encodeURIComponent(uid)}`;

export const isApiCache = (name: string): boolean => name.startsWith(API_CACHE_PREFIX);

/** The learner caches to delete when `uid` is signed in (null: nobody, so all of them). */
export const apiCachesToDrop = (names: readonly string[], uid: string | null): string[] =>
  names.filter((name) => isApiCache(name) && (uid === null || name !== apiCacheName(uid)));

/** On activate: caches of this app that this version does not use (older versions' names). */
export const outdatedCaches = (names: readonly string[]): string[] =>
  names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== FRAGMENTS_CACHE && name !== META_CACHE && !isApiCache(name));

/**
 * A read the worker keeps, with its cache key (the URL without the position a read waits for: offline the
 * reader asks at another position, or none).
 * - `article`: the article itself, the read that opens it (an article never opened answers NOT_AVAILABLE_OFFLINE);
 * - `of-article`: a read of that article (bookmark, rating, audio, its flashcards), kept and dropped with it;
 * - `of-reading`: a word's own meaning, kept with the article being read (the one opened last);
 * - `learner`: who is signed in, their profile and their word statuses (one dictionary a language).
 */
export type OfflineRead =
  | { kind: 'article'; articleId: string; key: string }
  | { kind: 'of-article'; articleId: string; key: string }
  | { kind: 'of-reading'; key: string }
  | { kind: 'learner'; key: string };

/**
 * The reads kept, by their contract routes' paths: `satisfies` checks each one against its route at compile
 * time (cache-rules.test.ts also checks that each is a GET of the signed-in user, none an admin route), and
 * the worker loads no route schemas. The order matters: the first template that matches decides.
 */
export const KEPT_READS = [
  { kind: 'of-article', path: '/api/articles/bookmark' satisfies (typeof getBookmark)['path'], articleIn: 'query' },
  { kind: 'of-article', path: '/api/articles/rating' satisfies (typeof getRating)['path'], articleIn: 'query' },
  { kind: 'of-article', path: '/api/flashcards/created' satisfies (typeof createdFlashcards)['path'], articleIn: 'query' },
  { kind: 'of-article', path: '/api/audio/:targetKind/:targetId' satisfies (typeof getAudio)['path'], articleIn: 'targetId' },
  { kind: 'article', path: '/api/articles/:id' satisfies (typeof getArticle)['path'], articleIn: 'id' },
  { kind: 'of-reading', path: '/api/translation/meanings' satisfies (typeof getOwnMeaning)['path'] },
  { kind: 'learner', path: '/api/dictionary' satisfies (typeof getDictionary)['path'] },
  { kind: 'learner', path: '/api/user' satisfies (typeof getUser)['path'] },
  { kind: 'learner', path: '/api/user/profile' satisfies (typeof getProfile)['path'] },
] as const;

/** Sub-paths of /api/articles/ that are routes of their own, never an article id. */
const NOT_ARTICLE_IDS = new Set(['bookmark', 'rating', 'progress', 'last-articles', 'create', 'update', 'user-articles', 'totalReads']);
/** The position a read waits for (`minPosition`): not part of what is asked. */
const POSITION_PARAMS = new Set(['minPosition']);

/** The `:name` parameters of `pathname` under `template`, or null when it does not match. */
export function matchPath(template: string, pathname: string): Record<string, string> | null {
  const want = template.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i]!;
    if (part.startsWith(':')) {
      if (!actual) return null;
      params[part.slice(1)] = decodeURIComponent(actual);
    } else if (part !== actual) return null;
  }
  return params;
}

/** The read `method` `url` is, if the worker keeps it; null for anything else (writes, admin routes, other reads). */
export function offlineRead(method: string, url: URL): OfflineRead | null {
  if (method !== 'GET') return null;
  const key = cacheKey(url);
  for (const read of KEPT_READS) {
    const params = matchPath(read.path, url.pathname);
    if (!params) continue;
    if (read.kind === 'learner' || read.kind === 'of-reading') return { kind: read.kind, key };
    const articleId = read.articleIn === 'query' ? url.searchParams.get('articleId') : params[read.articleIn];
    if (!articleId) return null;
    if (read.articleIn === 'targetId' && params['targetKind'] !== 'article') return null;
    if (read.kind === 'article' && NOT_ARTICLE_IDS.has(articleId)) return null;
    return { kind: read.kind, articleId, key };
  }
  return null;
}

/** The URL's path and its query sorted, without the position: the same read at any position is one entry. */
export function cacheKey(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => !POSITION_PARAMS.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** Only a whole, successful answer of our own origin is kept: never an error, a redirect or a partial answer. */
export const isKeepable = (response: Pick<Response, 'status' | 'type'>): boolean => response.status === 200 && response.type === 'basic';

/** An article kept offline and the cache keys of the reads kept with it. */
export interface KeptArticle {
  id: string;
  keys: string[];
  /** The article's title and when it was last opened (the profile lists them). */
  title?: string;
  openedAt?: string;
  /** Pinned by the learner: never dropped for the limit, only when they remove it. */
  pinned?: boolean;
}

/** Most recently opened first. */
export type KeptIndex = KeptArticle[];

/**
 * Keeps `key` (read of `articleId`, or of the article being read when undefined) and makes that article the
 * last opened (`opened`: its title and the time, when the article itself was read). Returns the new index and
 * the keys to delete: those of the unpinned articles beyond the `limit` last opened that no kept article still
 * uses. Pinned articles are kept besides the limit. With no article to go with (a meaning before any article),
 * nothing is kept.
 */
export function keepRead(
  index: KeptIndex,
  articleId: string | undefined,
  key: string,
  limit = KEPT_ARTICLES,
  opened?: { title?: string | undefined; at: string },
): { index: KeptIndex; drop: string[]; kept: boolean } {
  const id = articleId ?? index[0]?.id;
  if (id === undefined) return { index, drop: [], kept: false };
  const previous = index.find((a) => a.id === id);
  const entry: KeptArticle = { ...previous, id, keys: previous?.keys.includes(key) ? previous.keys : [...(previous?.keys ?? []), key] };
  if (opened) {
    entry.openedAt = opened.at;
    if (opened.title) entry.title = opened.title;
  }
  const ordered = [entry, ...index.filter((a) => a.id !== id)];
  let unpinned = 0;
  const kept = ordered.filter((a) => a.pinned === true || ++unpinned <= limit);
  return { index: kept, drop: unusedKeys(ordered, kept), kept: true };
}

/** Keys of `before`'s articles that none of `after`'s uses. */
const unusedKeys = (before: KeptIndex, after: KeptIndex): string[] => {
  const stillUsed = new Set(after.flatMap((a) => a.keys));
  return [...new Set(before.flatMap((a) => a.keys))].filter((k) => !stillUsed.has(k));
};

/** The learner pins (or unpins) a kept article. */
export const pinArticle = (index: KeptIndex, id: string, pinned: boolean): KeptIndex =>
  index.map((a) => (a.id === id ? { ...a, pinned } : a));

/** The learner removes a kept article: it goes with its reads (those no other kept article uses). */
export function dropArticle(index: KeptIndex, id: string): { index: KeptIndex; drop: string[] } {
  const kept = index.filter((a) => a.id !== id);
  return { index: kept, drop: unusedKeys(index, kept) };
}

/** An index read back from the cache: anything malformed counts as empty. */
export function parseIndex(data: unknown): KeptIndex {
  if (!Array.isArray(data)) return [];
  return data
    .filter(
      (a): a is KeptArticle =>
        typeof a === 'object' &&
        a !== null &&
        typeof (a as KeptArticle).id === 'string' &&
        Array.isArray((a as KeptArticle).keys) &&
        (a as KeptArticle).keys.every((k) => typeof k === 'string'),
    )
    .map(({ id, keys, title, openedAt, pinned }) => ({
      id,
      keys,
      ...(typeof title === 'string' ? { title } : {}),
      ...(typeof openedAt === 'string' ? { openedAt } : {}),
      ...(pinned === true ? { pinned } : {}),
    }));
}

/** The title of an article answer (the `name` of the contract's article), if it has one. */
export function articleTitle(data: unknown): string | undefined {
  const name = (data as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

/** The page's message to the worker: who is signed in now (uid null: nobody). */
export const USER_MESSAGE = 'verba-offline-user';
export interface UserMessage {
  type: typeof USER_MESSAGE;
  uid: string | null;
}

/** The page asks the worker for the kept texts, pins one or removes one; the worker answers with TEXTS_STATE. */
export const TEXTS_ASK = 'verba-offline-texts-ask';
export const TEXT_PIN = 'verba-offline-text-pin';
export const TEXT_DROP = 'verba-offline-text-drop';
export const TEXTS_STATE = 'verba-offline-texts';
export interface KeptText {
  id: string;
  title: string;
  openedAt: string | null;
  pinned: boolean;
}
export const keptTexts = (index: KeptIndex): KeptText[] =>
  index.map((a) => ({ id: a.id, title: a.title ?? 'Untitled text', openedAt: a.openedAt ?? null, pinned: a.pinned === true }));
