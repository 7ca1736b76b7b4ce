import { ADMIN_CACHE_SECONDS, COURSE_CACHE_SECONDS, COURSE_IDS } from '@verba/contracts';
import type { Cache } from '../../../platform/cache/port';
import type { DeclaredCache } from '../../../platform/projections/declaration';
import { ProjectedReadCache } from '../../../platform/projections/projected-read-cache';

/**
 * Course data (structure and chapter texts) is kept COURSE_CACHE_SECONDS in the platform cache (Redis or
 * memory), each course a scope of its own: the projector bumps a course's generation after a batch that
 * changed it, so readers miss at once and load the new read model.
 */
const TTL_MS = COURSE_CACHE_SECONDS * 1000;
/** Admin reads (spec §9: cached admin data kept 1000 s), invalidated by the same generations. */
export const ADMIN_TTL_MS = ADMIN_CACHE_SECONDS * 1000;

const courses = new ProjectedReadCache('learning:course', TTL_MS);

export const courseCacheInvalidation = {
  /** The cache course reads go through, or undefined where nothing would invalidate it (see ProjectedReadCache). */
  cacheFor: (deps: Parameters<ProjectedReadCache['cacheFor']>[0]) => courses.cacheFor(deps),
  register: (cache: Cache, reportError: (e: unknown) => void) => courses.register(cache, reportError),
  /** Called from the projection's afterCommit (synchronous): readers in this process await `settled`. */
  invalidate: (courseIds: Iterable<string>) => courses.invalidate(courseIds),
  /** After a rebuild every course may have changed; the course ids are fixed, one per language. */
  invalidateAll: () => courses.invalidate(Object.values(COURSE_IDS)),
  settled: () => courses.settled(),
};

/** The courses projection's cache: a batch makes stale the courses its events name, a rebuild every course. */
export const courseCache: DeclaredCache = {
  followsRows: false,
  changed: (_projection, _changes, events) =>
    courseCacheInvalidation.invalidate(events.map((e) => (e.data as { courseId: string }).courseId)),
  reset: () => courseCacheInvalidation.invalidateAll(),
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
