import type { Cache } from './port';

export interface RateLimiterOptions {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
  /** Namespace in the cache, e.g. 'rl:signin:account'. */
  prefix: string;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits still allowed in this window. */
  remaining: number;
  /** 0 when allowed; otherwise how long until the window ends. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one hit; allowed while the count is within the limit. */
  hit(key: string): Promise<RateLimitResult>;
  /** Would a hit now be allowed? Counts nothing. */
  peek(key: string): Promise<RateLimitResult>;
  /** Forgets the key's hits, e.g. after a successful sign-in. */
  reset(key: string): Promise<void>;
}

/**
 * Fixed-window limiter over the cache port. Typical use for failed sign-ins: `peek` before checking the
 * password, `hit` on failure, `reset` on success.
 */
export function createRateLimiter(cache: Cache, options: RateLimiterOptions): RateLimiter {
  const { limit, windowMs, prefix } = options;
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
  const keyOf = (key: string) => `${prefix}:${key}`;

  return {
    async hit(key) {
      const { count, resetInMs } = await cache.increment(keyOf(key), windowMs);
      const allowed = count <= limit;
      return { allowed, remaining: Math.max(0, limit - count), retryAfterMs: allowed ? 0 : resetInMs };
    },
    async peek(key) {
      const count = Number((await cache.get(keyOf(key))) ?? 0);
      const remaining = Math.max(0, limit - count);
      // The port has no TTL read, so a blocked peek reports the whole window: an upper bound, never too short.
      return { allowed: remaining > 0, remaining, retryAfterMs: remaining > 0 ? 0 : windowMs };
    },
    async reset(key) {
      await cache.delete(keyOf(key));
    },
  };
}
