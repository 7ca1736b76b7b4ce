import { afterAll, describe, expect, it } from 'vitest';
import { COURSE_IDS } from '@verba/contracts';
import { createMemoryCache, type Cache } from '../../../platform/cache/index';
import { TEST_REDIS_URL as redisUrl, testRedisCache } from '../../../../test-support/platform/redis';
import type { DeclaredCache } from '../../../platform/projections/declaration';
import { cachedCourseRead, courseCache, courseCacheInvalidation } from './course-cache';

const redis = await testRedisCache();
const adapters: [string, Cache | undefined][] = [
  ['memory', createMemoryCache()],
  ['Redis', redis],
];

describe.each(adapters)('course cache on %s', (label, cache) => {
  afterAll(async () => {
    await cache?.deleteByPrefix(''); // only this run's keys: the adapter prefixes them
    await cache?.close();
  });
  if (!cache) {
    it.skip(`skipped: no Redis at ${redisUrl} (runs in CI)`, () => undefined);
    return;
  }
  const failures: unknown[] = [];
  courseCacheInvalidation.register(cache, (e) => failures.push(e));
  afterAll(() => expect(failures).toEqual([]));
  const [de, fr] = [COURSE_IDS.de, COURSE_IDS.fr];
  const counter = () => {
    let loads = 0;
    return {
      load: async () => ({ n: ++loads }),
      get loads() {
        return loads;
      },
    };
  };

  it(`serves a hit without loading again, and loads again once the projector invalidated the course (${label})`, async () => {
    const c = counter();
    expect(await cachedCourseRead(cache, de, 'a', c.load)).toEqual({ n: 1 });
    expect(await cachedCourseRead(cache, de, 'a', c.load)).toEqual({ n: 1 });
    courseCacheInvalidation.invalidate([de]);
    expect(await cachedCourseRead(cache, de, 'a', c.load)).toEqual({ n: 2 });
    expect(c.loads).toBe(2);
  });

  it('keeps other courses cached when one is invalidated, and drops all after a rebuild', async () => {
    const c = counter();
    await cachedCourseRead(cache, fr, 'b', c.load);
    courseCacheInvalidation.invalidate([de]);
    await cachedCourseRead(cache, fr, 'b', c.load);
    expect(c.loads).toBe(1);
    courseCacheInvalidation.invalidateAll();
    await cachedCourseRead(cache, fr, 'b', c.load);
    expect(c.loads).toBe(2);
  });

  it("as the projection's declared cache: a batch makes its events' courses stale, a rebuild's switch every course", async () => {
    const c = counter();
    await cachedCourseRead(cache, fr, 'd', c.load);
    courseCache.changed('learning-courses', [], [{ type: 'learning.CourseRenamed', data: { courseId: de } }]);
    await cachedCourseRead(cache, fr, 'd', c.load);
    expect(c.loads).toBe(1);
    courseCache.changed('learning-courses', [], [{ type: 'learning.CourseRenamed', data: { courseId: fr } }]);
    await courseCacheInvalidation.settled();
    await cachedCourseRead(cache, fr, 'd', c.load);
    expect(c.loads).toBe(2);
    (courseCache as DeclaredCache).reset('learning-courses'); // as the runner calls it
    await courseCacheInvalidation.settled();
    await cachedCourseRead(cache, fr, 'd', c.load);
    expect(c.loads).toBe(3);
  });

  it('never lets a load that began before an invalidation serve its older result afterwards', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cachedCourseRead(cache, de, 'c', async () => {
      await gate;
      return 'old';
    });
    await new Promise((r) => setTimeout(r, 20)); // the slow load has read the generation and is loading
    courseCacheInvalidation.invalidate([de]);
    release();
    expect(await slow).toBe('old');
    expect(await cachedCourseRead(cache, de, 'c', async () => 'new')).toBe('new');
  });

  it('caches null (a course not created yet) like any value', async () => {
    const c = { loads: 0 };
    const load = async () => (c.loads++, null);
    expect(await cachedCourseRead(cache, fr, 'missing', load)).toBeNull();
    expect(await cachedCourseRead(cache, fr, 'missing', load)).toBeNull();
    expect(c.loads).toBe(1);
  });
});

describe('course reads without a cache', () => {
  it('load every time (an API process with neither Redis nor the projector)', async () => {
    let loads = 0;
    await cachedCourseRead(undefined, COURSE_IDS.ru, 'x', async () => ++loads);
    await cachedCourseRead(undefined, COURSE_IDS.ru, 'x', async () => ++loads);
    expect(loads).toBe(2);
  });
});
