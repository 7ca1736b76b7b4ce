import { createMemoryCache } from './memory';
import type { Cache } from './port';
import { createRedisCache } from './redis';

export type { Cache, IncrementResult } from './port';
export { createMemoryCache, type MemoryCache, type MemoryCacheOptions } from './memory';
export { createRedisCache, type RedisCacheOptions } from './redis';
export { createRateLimiter, type RateLimiter, type RateLimiterOptions, type RateLimitResult } from './rate-limiter';

/** Redis when configured (shared by all processes); otherwise in memory, so the product works offline. */
export function createCache(redisUrl: string | undefined, options: { keyPrefix?: string } = {}): Cache {
  return redisUrl ? createRedisCache(redisUrl, options) : createMemoryCache();
}
