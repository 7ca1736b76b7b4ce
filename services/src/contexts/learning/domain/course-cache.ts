import { ADMIN_CACHE_SECONDS, COURSE_CACHE_SECONDS, COURSE_IDS } from '@verba/contracts';
import type { Cache } from '../../../platform/cache/port';

/**
 * Course data (structure and chapter texts) is kept COURSE_CACHE_SECONDS in the platform cache (Redis or
 * memory). Each course has a generation counter in the cache, part of every key of that course; the
 * projector bumps it after a batch that changed the course, so readers miss at once and load the new
 * read model. A load that began before the bump stores under the old generation, which nobody reads again.
 */
const TTL_MS = COURSE_CACHE_SECONDS * 1000;
/** Admin reads (spec §9: cached admin data kept 1000 s), invalidated by the same generations. */
export const ADMIN_TTL_MS = ADMIN_CACHE_SECONDS * 1000;
/** Counters live far longer than any entry, so a counter that expires can only reuse dead keys. */
const GENERATION_WINDOW_MS = 24 * 3600 * 1000;
const generationKey = (courseId: string) => `learning:course-gen:${courseId}`;

/** Every cache a projector in this process must invalidate (the API's, and the projector role's). */
const caches = new Set<Cache>();
const pending = new Set<Promise<unknown>>();
let onError: (e: unknown) => void = () => undefined;

export const courseCacheInvalidation = {
  register(cache: Cache, reportError: (e: unknown) => void): void {
    caches.add(cache);
    onError = reportError;
  },
  /** Called from the projection's afterCommit (synchronous): readers in this process await `settled`. */
  invalidate(courseIds: Iterable<string>): void {
    for (const courseId of new Set(courseIds)) {
      for (const cache of caches) {
        const bump = cache.increment(generationKey(courseId), GENERATION_WINDOW_MS).catch(onError);
        pending.add(bump);
        void bump.finally(() => pending.delete(bump));
      }
    }
  },
  /** After a rebuild every course may have changed; the course ids are fixed, one per language. */
  invalidateAll(): void {
    this.invalidate(Object.values(COURSE_IDS));
  },
  async settled(): Promise<void> {
    if (pending.size) await Promise.all([...pending]);
  },
};

/** A cached read of one course's data; `cache` undefined means no caching (see module.ts). */
export async function cachedCourseRead<T>(cache: Cache | undefined, courseId: string, name: string, load: () => Promise<T>, ttlMs = TTL_MS): Promise<T> {
  if (!cache) return load();
  await courseCacheInvalidation.settled();
  const generation = (await cache.get(generationKey(courseId))) ?? '0';
  const key = `learning:course:${courseId}:${generation}:${name}`;
  const hit = await cache.get(key);
  if (hit !== undefined) return JSON.parse(hit) as T;
  const value = await load();
  await cache.set(key, JSON.stringify(value), ttlMs);
  return value;
}
