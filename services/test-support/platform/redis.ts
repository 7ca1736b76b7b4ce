import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRedisCache } from '../../src/platform/cache/redis';
import type { Cache } from '../../src/platform/cache/port';

/** The Redis tests use (TEST_REDIS_URL or the local server). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One quick attempt: no retries, no offline queue, so an absent server costs about a second, not forever. */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
    connectTimeout: 1000,
  });
  probe.on('error', () => undefined); // the failure is the answer, not an unhandled event
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A Redis cache under a fresh key prefix, or undefined when no server answers within a second (never in CI). */
export async function testRedisCache(url = TEST_REDIS_URL): Promise<Cache | undefined> {
  const cache = createRedisCache(url, { keyPrefix: `verba-test:${randomBytes(6).toString('hex')}:` });
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000));
  const answered = await Promise.race([
    cache.get('probe').then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
  if (answered) return cache;
  await cache.close().catch(() => undefined);
  if (process.env.CI) throw new Error(`CI requires Redis at ${url}`);
  return undefined;
}
