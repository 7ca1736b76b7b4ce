import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/platform/cache/port';
import { createRateLimiter } from '../../src/platform/cache/rate-limiter';

export interface CacheContractSetup {
  cache: Cache;
  cleanup: () => Promise<void>;
  /** Lets time pass. Defaults to a real sleep; the memory adapter passes its fake clock instead. */
  advance?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The behaviour every cache adapter must have. Tests share one cache, so each works under its own
 * random namespace. Windows and TTLs are short real times (150 ms) so the suite stays fast against Redis.
 */
export function runCacheContract(name: string, setup: () => Promise<CacheContractSetup>): void {
  describe(`cache contract: ${name}`, () => {
    let cache: Cache;
    let cleanup: () => Promise<void>;
    let advance: (ms: number) => Promise<void>;
    const TTL = 150;

    beforeAll(async () => {
      const s = await setup();
      ({ cache, cleanup } = s);
      advance = s.advance ?? sleep;
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const ns = () => `t-${randomUUID()}:`;

    it('gets what was set, overwrites, and deletes several keys at once', async () => {
      const n = ns();
      expect(await cache.get(`${n}missing`)).toBeUndefined();
      await cache.set(`${n}a`, '{"x":1}');
      await cache.set(`${n}b`, '');
      await cache.set(`${n}c`, 'Grüße, 日本語');
      expect(await cache.get(`${n}a`)).toBe('{"x":1}');
      expect(await cache.get(`${n}b`)).toBe('');
      expect(await cache.get(`${n}c`)).toBe('Grüße, 日本語');
      await cache.set(`${n}a`, 'second');
      expect(await cache.get(`${n}a`)).toBe('second');
      await cache.delete(`${n}a`, `${n}b`, `${n}never-set`);
      await cache.delete();
      expect(await cache.get(`${n}a`)).toBeUndefined();
      expect(await cache.get(`${n}b`)).toBeUndefined();
      expect(await cache.get(`${n}c`)).toBe('Grüße, 日本語');
    });

    it('expires entries after their TTL; a later set without TTL keeps the entry', async () => {
      const n = ns();
      await cache.set(`${n}short`, 'v', TTL);
      await cache.set(`${n}forever`, 'v');
      await cache.set(`${n}renewed`, 'v', TTL);
      await cache.set(`${n}renewed`, 'w');
      expect(await cache.get(`${n}short`)).toBe('v');
      await advance(TTL + 100);
      expect(await cache.get(`${n}short`)).toBeUndefined();
      expect(await cache.get(`${n}forever`)).toBe('v');
      expect(await cache.get(`${n}renewed`)).toBe('w');
    });

    it('rejects a TTL or window that is not positive', async () => {
      const n = ns();
      await expect(cache.set(`${n}k`, 'v', 0)).rejects.toThrow(RangeError);
      await expect(cache.increment(`${n}k`, -1)).rejects.toThrow(RangeError);
    });

    it('deleteByPrefix removes exactly the keys with that literal prefix (over 1000 of them)', async () => {
      const n = ns();
      const doomed = Array.from({ length: 1200 }, (_, i) => `${n}course:1:${i}`);
      const kept = [`${n}course:10:x`, `${n}course:2:x`, `${n}other`, `${n}course:1`];
      await Promise.all([...doomed, ...kept].map((k) => cache.set(k, 'v')));
      await cache.deleteByPrefix(`${n}course:1:`);
      const left = await Promise.all(doomed.map((k) => cache.get(k)));
      expect(left.filter((v) => v !== undefined)).toHaveLength(0);
      for (const k of kept) expect(await cache.get(k)).toBe('v');
    });

    it('deleteByPrefix treats glob characters literally', async () => {
      const n = ns();
      await cache.set(`${n}a*b:1`, 'v');
      await cache.set(`${n}aXb:1`, 'v');
      await cache.set(`${n}[ab]:1`, 'v');
      await cache.set(`${n}a:1`, 'v');
      await cache.deleteByPrefix(`${n}a*b:`);
      await cache.deleteByPrefix(`${n}[ab]`);
      expect(await cache.get(`${n}a*b:1`)).toBeUndefined();
      expect(await cache.get(`${n}[ab]:1`)).toBeUndefined();
      expect(await cache.get(`${n}aXb:1`)).toBe('v');
      expect(await cache.get(`${n}a:1`)).toBe('v');
    });

    it('increment counts within a fixed window and starts again after it', async () => {
      const key = `${ns()}counter`;
      const first = await cache.increment(key, TTL);
      expect(first.count).toBe(1);
      expect(first.resetInMs).toBeGreaterThan(0);
      expect(first.resetInMs).toBeLessThanOrEqual(TTL);
      await advance(40);
      const second = await cache.increment(key, TTL);
      expect(second.count).toBe(2);
      // The window is not extended by later hits.
      expect(second.resetInMs).toBeLessThan(first.resetInMs);
      expect(await cache.get(key)).toBe('2');
      await advance(TTL + 100);
      expect(await cache.get(key)).toBeUndefined();
      expect((await cache.increment(key, TTL)).count).toBe(1);
    });

    it('increment gives a key written without expiry a window, so counters never live forever', async () => {
      const key = `${ns()}counter`;
      await cache.set(key, '5');
      const r = await cache.increment(key, TTL);
      expect(r).toMatchObject({ count: 6 });
      expect(r.resetInMs).toBeGreaterThan(0);
      await advance(TTL + 100);
      expect(await cache.get(key)).toBeUndefined();
    });

    it('increment refuses a value that is not a counter', async () => {
      const key = `${ns()}text`;
      await cache.set(key, 'hello');
      await expect(cache.increment(key, TTL)).rejects.toThrow(/not an integer/);
    });

    it('counts 100 concurrent increments exactly', async () => {
      const key = `${ns()}counter`;
      const results = await Promise.all(Array.from({ length: 100 }, () => cache.increment(key, 10_000)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(await cache.get(key)).toBe('100');
    });

    describe('rate limiter', () => {
      const limiter = (limit = 3) => createRateLimiter(cache, { limit, windowMs: TTL, prefix: `${ns()}rl` });

      it('allows up to the limit, then blocks until the window ends', async () => {
        const rl = limiter();
        expect(await rl.peek('ip-1')).toEqual({ allowed: true, remaining: 3, retryAfterMs: 0 });
        expect(await rl.hit('ip-1')).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
        expect(await rl.hit('ip-1')).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
        expect(await rl.hit('ip-1')).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
        const blocked = await rl.hit('ip-1');
        expect(blocked.allowed).toBe(false);
        expect(blocked.remaining).toBe(0);
        expect(blocked.retryAfterMs).toBeGreaterThan(0);
        expect(blocked.retryAfterMs).toBeLessThanOrEqual(TTL);
        expect(await rl.hit('ip-2')).toMatchObject({ allowed: true, remaining: 2 });
        await advance(TTL + 100);
        expect(await rl.hit('ip-1')).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
      });

      it('peek counts nothing; a blocked peek reports a wait of at most the window', async () => {
        const rl = limiter(2);
        await rl.hit('acct');
        expect(await rl.peek('acct')).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
        expect(await rl.peek('acct')).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
        await rl.hit('acct');
        const p = await rl.peek('acct');
        expect(p).toMatchObject({ allowed: false, remaining: 0 });
        expect(p.retryAfterMs).toBeGreaterThan(0);
        expect(p.retryAfterMs).toBeLessThanOrEqual(TTL);
      });

      it('reset forgets the hits', async () => {
        const rl = limiter(1);
        await rl.hit('acct');
        expect((await rl.hit('acct')).allowed).toBe(false);
        await rl.reset('acct');
        expect(await rl.peek('acct')).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
        expect((await rl.hit('acct')).allowed).toBe(true);
      });

      it('lets exactly the limit through when hits race', async () => {
        const rl = createRateLimiter(cache, { limit: 5, windowMs: 10_000, prefix: `${ns()}rl` });
        const results = await Promise.all(Array.from({ length: 20 }, () => rl.hit('ip')));
        expect(results.filter((r) => r.allowed)).toHaveLength(5);
      });
    });
  });
}
