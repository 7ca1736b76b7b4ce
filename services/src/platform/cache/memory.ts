import { checkDuration, type Cache, type IncrementResult } from './port';
import { trimOldest } from '../lru';

interface Entry {
  value: string;
  expiresAt: number | undefined;
}

export interface MemoryCacheOptions {
  /** LRU bound so a long-running offline process cannot grow without limit. */
  maxEntries?: number;
  /** Injectable clock, for tests. */
  now?: () => number;
  sweepIntervalMs?: number;
}

export interface MemoryCache extends Cache {
  readonly name: 'memory';
  /** Entries held, expired ones not yet swept included (for tests and metrics). */
  readonly size: number;
  /** Drops expired entries now; returns how many. Runs periodically on its own. */
  sweep(): number;
}

/**
 * In-process adapter. A Map keeps insertion order, so re-inserting on use makes its first key the least
 * recently used one. Expiry is checked on read; the sweep only frees memory held by keys nobody reads.
 */
export function createMemoryCache(options: MemoryCacheOptions = {}): MemoryCache {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const isLive = (e: Entry, t: number) => e.expiresAt === undefined || e.expiresAt > t;

  function read(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (!isLive(entry, now())) return undefined;
    entries.set(key, entry); // most recently used goes last
    return entry;
  }

  function write(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
    trimOldest(entries, maxEntries);
  }

  function sweep(): number {
    const t = now();
    let removed = 0;
    for (const [key, entry] of entries) {
      if (!isLive(entry, t)) {
        entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  // unref: a cache must never be what keeps the process (or a test run) alive.
  const timer = setInterval(sweep, options.sweepIntervalMs ?? 60_000);
  timer.unref();

  return {
    name: 'memory',
    get size() {
      return entries.size;
    },
    sweep,
    async get(key) {
      return read(key)?.value;
    },
    async set(key, value, ttlMs) {
      const expiresAt = ttlMs === undefined ? undefined : now() + checkDuration(ttlMs, 'ttlMs');
      write(key, { value, expiresAt });
    },
    async delete(...keys) {
      for (const key of keys) entries.delete(key);
    },
    async deleteByPrefix(prefix) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
    },
    async increment(key, windowMs): Promise<IncrementResult> {
      const window = checkDuration(windowMs, 'windowMs');
      const t = now();
      const entry = read(key);
      // Same failure as Redis INCR on a non-counter, so misuse is caught offline.
      if (entry && !/^-?\d{1,15}$/.test(entry.value)) throw new Error(`value at ${key} is not an integer`);
      const current = entry ? Number(entry.value) : 0;
      // A key without expiry gets one, as the Redis script does: a counter must never live forever.
      const expiresAt = entry?.expiresAt ?? t + window;
      const count = current + 1;
      write(key, { value: String(count), expiresAt });
      return { count, resetInMs: expiresAt - t };
    },
    async close() {
      clearInterval(timer);
      entries.clear();
    },
  };
}
