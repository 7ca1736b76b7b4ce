import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../../platform/cache/memory';
import type { Cache } from '../../../platform/cache/port';
import { createRedisCache } from '../../../platform/cache/redis';
import { backoffMs, SIGN_IN_THROTTLE, SignInThrottle, SignInThrottled } from './sign-in-throttle';

describe('sign-in backoff', () => {
  it('is free for the first failures, then doubles from the base up to the cap', () => {
    expect([0, 1, 4].map((f) => backoffMs(f))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map((f) => backoffMs(f))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(15)).toBe(15 * 60 * 1000); // 1024 s is past the 15-minute cap
    expect(backoffMs(10_000)).toBe(SIGN_IN_THROTTLE.maxDelayMs);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two caches on one Redis namespace stand for two api processes; undefined when no Redis answers. */
async function twoRedisProcesses(): Promise<[Cache, Cache] | undefined> {
  const keyPrefix = `verba-test-${randomUUID()}:`;
  const a = createRedisCache(redisUrl, { keyPrefix });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000));
  try {
    await Promise.race([a.get('probe'), timeout]);
    return [a, createRedisCache(redisUrl, { keyPrefix })];
  } catch {
    await a.close();
    return undefined;
  }
}

const redis = await twoRedisProcesses();
if (!redis && process.env.CI) throw new Error(`CI requires Redis at ${redisUrl.replace(/\/\/[^@/]*@/, '//')}`);

type Setup = [name: string, caches: () => Promise<readonly [Cache, Cache]>];
const memory: Setup = [
  'memory',
  async () => {
    const c = createMemoryCache();
    return [c, c];
  },
];
const setups: Setup[] = redis ? [memory, ['redis, two processes', async () => redis]] : [memory];

describe.each(setups)('sign-in throttle on the %s cache', (_name, caches) => {
  it('counts one pair across processes; another client of the account is never held back', async () => {
    const [a, b] = await caches();
    let t = Date.now();
    const now = () => new Date(t);
    const processA = new SignInThrottle(a, now);
    const processB = new SignInThrottle(b, now);
    const account = `acct-${randomUUID()}`;
    const wrong = async () => undefined;
    const right = async () => ({ ok: true });

    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) {
      expect(await (i % 2 ? processA : processB).attempt(account, '203.0.113.1', wrong)).toBeUndefined();
    }
    for (const p of [processA, processB]) {
      const refused = await p.attempt(account, '203.0.113.1', right).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SignInThrottled);
      expect((refused as SignInThrottled).retryAfterSeconds).toBe(1);
    }
    expect(await processB.attempt(account, '198.51.100.2', right)).toEqual({ ok: true });

    t += 1000;
    expect(await processB.attempt(account, '203.0.113.1', wrong)).toBeUndefined();
    await expect(processA.attempt(account, '203.0.113.1', right)).rejects.toMatchObject({ retryAfterSeconds: 2, status: 429 });
    t += 2000;
    expect(await processA.attempt(account, '203.0.113.1', right)).toEqual({ ok: true });
    // The success reset the pair: five free failures again.
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) expect(await processB.attempt(account, '203.0.113.1', wrong)).toBeUndefined();
    await expect(processA.attempt(account, '203.0.113.1', wrong)).rejects.toBeInstanceOf(SignInThrottled);
  });

  it('lets one attempt of a pair run at a time and frees the pair when the check throws', async () => {
    const [a, b] = await caches();
    const processA = new SignInThrottle(a, () => new Date());
    const processB = new SignInThrottle(b, () => new Date());
    const account = `acct-${randomUUID()}`;
    let release!: () => void;
    const slow = processA.attempt(account, '192.0.2.1', () => new Promise<undefined>((r) => (release = () => r(undefined))));
    await new Promise((r) => setTimeout(r, 50));
    await expect(processB.attempt(account, '192.0.2.1', async () => ({ ok: true }))).rejects.toMatchObject({ retryAfterSeconds: 1 });
    release();
    expect(await slow).toBeUndefined();

    await expect(processB.attempt(account, '192.0.2.1', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await processA.attempt(account, '192.0.2.1', async () => ({ ok: true }))).toEqual({ ok: true });
  });
});

afterAll(async () => {
  if (!redis) return;
  await redis[0].deleteByPrefix('signin:'); // this run's namespace only
  await Promise.all(redis.map((c) => c.close()));
});
