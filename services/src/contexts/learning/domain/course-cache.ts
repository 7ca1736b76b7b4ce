import { ADMIN_CACHE_SECONDS, COURSE_CACHE_SECONDS, COURSE_IDS } from '@verba/contracts';
import type { Cache } from '../../../platform/cache/port';
import { ScopedReadCache } from '../../../platform/projections/declared-caches';

/**
 * Course data (structure and chapter texts) is kept COURSE_CACHE_SECONDS in the platform cache (Redis or
 * memory), each course a scope of its own: the projector bumps a course's generation after a batch that
 * changed it, so readers miss at once and load the new read model.
 */
const TTL_MS = COURSE_CACHE_SECONDS * 1000;
/** Admin reads (spec §9: cached admin data kept 1000 s), invalidated by the same generations. */
export const ADMIN_TTL_MS = ADMIN_CACHE_SECONDS * 1000;

/** The courses projection's cache: a batch makes stale the courses its events name, a rebuild every course (one a language). */
export const courseCache = new ScopedReadCache('learning:course', TTL_MS, {
  scopeOf: (e) => (e.data as { courseId: string }).courseId,
  allScopes: () => Object.values(COURSE_IDS),
});
const courses = courseCache;

export const courseCacheInvalidation = {
  /** The cache course reads go through, or undefined where nothing would invalidate it (see platform/projections/projected-read-cache). */
  cacheFor: (deps: Parameters<ScopedReadCache['cacheFor']>[0]) => courses.cacheFor(deps),
  register: (cache: Cache, reportError: (e: unknown) => void) => courses.register(cache, reportError),
  /** Called from the projection's afterCommit (synchronous): readers in this process await `settled`. */
  invalidate: (courseIds: Iterable<string>) => courses.invalidate(courseIds),
  /** After a rebuild every course may have changed; the course ids are fixed, one per language. */
  invalidateAll: () => courses.invalidate(Object.values(COURSE_IDS)),
  settled: () => courses.settled(),
};

/** A cached read of one course's data; `cache` undefined means no caching (see module.ts). */
export function cachedCourseRead<T>(
  cache: Cache | undefined,
  courseId: string,
  name: string,
  load: () => Promise<T>,
  ttlMs?: number,
): Promise<T> {
  return courses.read(cache, [courseId], name, load, ttlMs);
}
