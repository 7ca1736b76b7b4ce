/**
 * Cache port: a small key/value store with expiry and fixed-window counters.
 * Keys and values are strings (callers JSON-encode), so every adapter behaves like Redis.
 * Adapters: `memory.ts` (offline, in process) and `redis.ts` (shared between processes).
 */
export interface Cache {
  readonly name: 'memory' | 'redis';
  get(key: string): Promise<string | undefined>;
  /** Without `ttlMs` the entry never expires; a later `set` without TTL also removes an earlier TTL (as Redis SET does). */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(...keys: string[]): Promise<void>;
  /** Removes every key that starts with `prefix` (literally; glob characters have no meaning). */
  deleteByPrefix(prefix: string): Promise<void>;
  /**
   * Fixed-window counter: adds one and returns the new count. The window (expiry) starts when the key is
   * created and is not extended by later increments. The counter is readable with `get` as a decimal string.
   */
  increment(key: string, windowMs: number): Promise<IncrementResult>;
  close(): Promise<void>;
}

export interface IncrementResult {
  count: number;
  /** Time until the window ends and the count starts again from zero. */
  resetInMs: number;
}

/** Both adapters reject the same bad durations, so a bug shows up offline too (Redis refuses PX 0). */
export function checkDuration(ms: number, what: string): number {
  if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`${what} must be a positive number of ms, got ${ms}`);
  return Math.ceil(ms);
}
