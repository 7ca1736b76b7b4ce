import type { Redis } from 'ioredis';
import { checkDuration, type Cache, type IncrementResult } from './port';

export interface RedisCacheOptions {
  /** Prepended to every key, so environments and test runs sharing a server never see each other's keys. */
  keyPrefix?: string;
}

/**
 * INCR and the expiry in one atomic step: two concurrent first hits cannot both set the window, and a crash
 * between the two commands cannot leave a counter without expiry. `ttl < 0` also repairs a key that exists
 * without expiry (e.g. written by `set`), so no counter lives forever.
 */
const INCREMENT_LUA = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {count, ttl}`;

type WithIncrement = Redis & { verbaIncrementWindow(key: string, windowMs: number): Promise<[number, number]> };

const SCAN_BATCH = 1000;

/** SCAN MATCH is a glob: escape so the prefix is matched literally. */
const escapeGlob = (s: string) => s.replace(/[\\*?[\]]/g, '\\$&');

/** Redis through ioredis, which is loaded here only (the embedded default, caching in memory, never carries it). */
export function createRedisCache(url: string, options: RedisCacheOptions = {}): Cache {
  const keyPrefix = options.keyPrefix ?? 'verba:';
  const client = import('ioredis').then(({ Redis }) => {
    const redis = new Redis(url, {
      keyPrefix,
      lazyConnect: false,
      // Fail a request fast while Redis is down instead of queueing callers (e.g. sign-in) for long.
      maxRetriesPerRequest: 2,
    }) as WithIncrement;
    // defineCommand runs EVALSHA and applies keyPrefix to KEYS[1].
    redis.defineCommand('verbaIncrementWindow', { numberOfKeys: 1, lua: INCREMENT_LUA });
    return redis;
  });
  client.catch(() => undefined); // reported by the first call

  return {
    name: 'redis',
    async get(key) {
      return (await (await client).get(key)) ?? undefined;
    },
    async set(key, value, ttlMs) {
      const redis = await client;
      if (ttlMs === undefined) await redis.set(key, value);
      else await redis.set(key, value, 'PX', checkDuration(ttlMs, 'ttlMs'));
    },
    async delete(...keys) {
      if (keys.length > 0) await (await client).unlink(...keys);
    },
    async deleteByPrefix(prefix) {
      // ioredis does not prefix SCAN's MATCH, and SCAN returns full keys: add the prefix here, strip it for
      // UNLINK (which ioredis prefixes again). Never KEYS: it blocks the server for the whole keyspace.
      const redis = await client;
      const match = `${escapeGlob(keyPrefix + prefix)}*`;
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', match, 'COUNT', SCAN_BATCH);
        cursor = next;
        if (found.length > 0) await redis.unlink(...found.map((k) => k.slice(keyPrefix.length)));
      } while (cursor !== '0');
    },
    async increment(key, windowMs): Promise<IncrementResult> {
      const [count, resetInMs] = await (await client).verbaIncrementWindow(key, checkDuration(windowMs, 'windowMs'));
      return { count, resetInMs };
    },
    async close() {
      // quit waits for pending replies; disconnect if the server is already gone.
      const redis = await client;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
