import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCache, type Cache } from '../cache/index';
import type { RecordedEvent } from '../event-store/port';
import { TEST_REDIS_URL, testRedisCache } from '../../../test-support/platform/redis';
import { ProjectedReadCache } from './projected-read-cache';

const adapters: [string, Cache | undefined][] = [
  ['memory', createMemoryCache()],
  ['Redis', await testRedisCache()],
];
const TTL_MS = 60_000;
const event = (type: string) => ({ type }) as RecordedEvent;

/** The mechanism behind the admin pages' caches (spec §9: kept 1000 s, invalidated on write) and the course cache. */
describe.each(adapters)('a cache of projected reads on %s', (_label, cache) => {
  afterAll(async () => {
    await cache?.deleteByPrefix(''); // only this run's keys: the adapter prefixes them
    await cache?.close();
  });
  if (!cache) {
    it.skip(`skipped: no Redis at ${TEST_REDIS_URL} (runs in CI)`, () => undefined);
    return;
  }
  const reads = new ProjectedReadCache('test:reads', TTL_MS);
  reads.register(cache, (e) => {
    throw e;
  });
  const counter = () => {
    let loads = 0;
    return {
      load: async () => ({ n: ++loads }),
      get loads() {
        return loads;
      },
    };
  };

  it('loads a read once until a projection it reads commits, whichever of its scopes that is', async () => {
    const c = counter();
    const read = () => reads.read(cache, ['articles', 'flags'], 'list', c.load);
    expect(await read()).toEqual({ n: 1 });
    expect(await read()).toEqual({ n: 1 });
    const hooks = reads.projectionHooks('flags');
    hooks.afterCommit([event('library.ArticleFlaggedForReview')]);
    expect(await read()).toEqual({ n: 2 });
    reads.invalidate(['series']); // a scope the read does not read
    expect(await read()).toEqual({ n: 2 });
    expect(c.loads).toBe(2);
  });

  it('after an erasure keeps nothing read before it, not even under a generation nobody reads any more', async () => {
    const stored = async () => {
      let found = 0;
      for (const scope of ['a@0', 'a@1', 'a@2', 'a@3']) if ((await cache.get(`test:reads:${scope}:secret`)) !== undefined) found++;
      return found;
    };
    const erasing = new ProjectedReadCache('test:reads', TTL_MS);
    erasing.register(cache, (e) => {
      throw e;
    });
    await erasing.read(cache, ['a'], 'secret', async () => 'Grete’s text');
    expect(await stored()).toBe(1);
    erasing.projectionHooks('a', (e) => e.type === 'identity.UserDeleted').afterCommit([event('identity.UserDeleted')]);
    await erasing.settled();
    expect(await stored()).toBe(0);
    expect(await erasing.read(cache, ['a'], 'secret', async () => 'after')).toBe('after');
  });

  it('never lets a load that began before an invalidation stay cached, nor serve its older result afterwards', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = reads.read(cache, ['slow'], 'x', async () => {
      await gate;
      return 'old';
    });
    await new Promise((r) => setTimeout(r, 20)); // the slow load has read the generation and is loading
    reads.invalidate(['slow']);
    release();
    expect(await slow).toBe('old');
    expect(await cache.get('test:reads:slow@0:x')).toBeUndefined();
    expect(await reads.read(cache, ['slow'], 'x', async () => 'new')).toBe('new');
  });

  it('reads through to the read model every time where no cache is given', async () => {
    const c = counter();
    await reads.read(undefined, ['articles'], 'uncached', c.load);
    await reads.read(undefined, ['articles'], 'uncached', c.load);
    expect(c.loads).toBe(2);
  });
});
