import { Redis } from 'ioredis';

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
