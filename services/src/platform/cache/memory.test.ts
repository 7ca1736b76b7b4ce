import { describe, expect, it } from 'vitest';
import { runCacheContract } from '../../../test-support/platform/cache-contract-suite';
import { createMemoryCache } from './memory';

/** A clock the test moves by hand, so TTL tests take no real time. */
function fakeClock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: async (ms: number) => void (t += ms) };
}

runCacheContract('memory (fake clock)', async () => {
  const clock = fakeClock();
  const cache = createMemoryCache({ now: clock.now });
  return { cache, cleanup: () => cache.close(), advance: clock.advance };
});

// Once on the real clock too, to show nothing depends on the fake one.
runCacheContract('memory (real clock)', async () => {
  const cache = createMemoryCache();
  return { cache, cleanup: () => cache.close() };
});

describe('memory cache', () => {
  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = createMemoryCache({ maxEntries: 3 });
    await cache.set('a', '1');
    await cache.set('b', '2');
    await cache.set('c', '3');
    expect(await cache.get('a')).toBe('1'); // a is now more recent than b
    await cache.set('d', '4');
    expect(cache.size).toBe(3);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe('1');
    await cache.increment('c', 1000); // counting is a use too
    await cache.set('e', '5');
    expect(await cache.get('d')).toBeUndefined();
    expect([await cache.get('a'), await cache.get('c'), await cache.get('e')]).toEqual(['1', '4', '5']);
    await cache.close();
  });

  it('stays bounded under many distinct keys', async () => {
    const cache = createMemoryCache({ maxEntries: 1000 });
    for (let i = 0; i < 10_000; i++) await cache.set(`k${i}`, 'v');
    expect(cache.size).toBe(1000);
    expect(await cache.get('k9999')).toBe('v');
    expect(await cache.get('k0')).toBeUndefined();
    await cache.close();
  });

  it('sweep frees expired entries nobody reads', async () => {
    const clock = fakeClock();
    const cache = createMemoryCache({ now: clock.now });
    await cache.set('gone', 'v', 100);
    await cache.set('stays', 'v', 1000);
    await cache.set('forever', 'v');
    await clock.advance(500);
    expect(cache.size).toBe(3);
    expect(cache.sweep()).toBe(1);
    expect(cache.size).toBe(2);
    await cache.close();
  });
});
