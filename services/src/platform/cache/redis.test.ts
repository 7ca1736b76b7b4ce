import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { runCacheContract } from '../../../test-support/platform/cache-contract-suite';
import { redisReachable, TEST_REDIS_URL } from '../../../test-support/platform/redis';
import { createRedisCache } from './redis';

const url = TEST_REDIS_URL;
/** Never print a password from the URL. */
const shownUrl = url.replace(/\/\/[^@/]*@/, '//');

const reachable = await redisReachable();
if (!reachable && process.env.CI) throw new Error(`CI requires Redis at ${shownUrl} but it is not reachable`);

/** Every key this run writes starts with this, so runs and CI jobs sharing a server never collide. */
const runPrefix = `verba-test:${randomBytes(6).toString('hex')}:`;

if (reachable) {
  // Raw client (no keyPrefix) to look at what actually lands on the server.
  const raw = new Redis(url, { maxRetriesPerRequest: 1 });
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    return keys;
  };

  afterAll(async () => {
    // Clean up anything a failed test left behind, then check nothing is left.
    const left = await keysUnder(runPrefix);
    if (left.length > 0) await raw.unlink(...left);
    await raw.quit();
  });

  runCacheContract('redis', async () => {
    const cache = createRedisCache(url, { keyPrefix: `${runPrefix}contract:` });
    return {
      cache,
      async cleanup() {
        await cache.deleteByPrefix('');
        await cache.close();
      },
    };
  });

  describe('redis cache', () => {
    it('keeps each keyPrefix apart, including counters and deleteByPrefix', async () => {
      const a = createRedisCache(url, { keyPrefix: `${runPrefix}a:` });
      const b = createRedisCache(url, { keyPrefix: `${runPrefix}b:` });
      try {
        await a.set('k', 'from-a');
        await b.set('k', 'from-b');
        await a.increment('n', 10_000);
        expect(await raw.get(`${runPrefix}a:k`)).toBe('from-a');
        expect(await raw.get(`${runPrefix}a:n`)).toBe('1');
        expect(await b.get('n')).toBeUndefined();
        await a.deleteByPrefix('');
        expect(await keysUnder(`${runPrefix}a:`)).toEqual([]);
        expect(await b.get('k')).toBe('from-b');
      } finally {
        await b.deleteByPrefix('');
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('contract cleanup leaves no keys on the server', async () => {
      // Runs after the contract suite in this file; its cleanup deleted everything under its prefix.
      expect(await keysUnder(`${runPrefix}contract:`)).toEqual([]);
    });
  });
} else {
  describe.skip(`skipped: no Redis at ${shownUrl} (runs in CI)`, () => {
    it('cache contract: redis', () => undefined);
  });
}
