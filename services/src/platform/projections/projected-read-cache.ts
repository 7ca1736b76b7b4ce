import { caches, metricsOn } from '../metrics/registry';
import type { Cache } from '../cache/port';
import type { BaseDeps } from '../module';
import type { CommittedEvent, Projection } from './projection';

/** Counters live far longer than any entry, so a counter that expires can only reuse dead keys. */
const GENERATION_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Reads of read models kept in the platform cache (Redis or memory) until a projection they read commits.
 * Each scope (one course, one read model) has a generation counter in the cache that is part of every key
 * reading it; a projection's afterCommit bumps the scopes its batch changed, so the next read misses and
 * loads the new read model: an admin who reads with the position of their write (minPosition) always sees it.
 * A load that began before a bump stores under the old generation, which nobody reads again, and then
 * deletes that entry itself (so `purge` can promise that nothing read before it stays in the cache).
 */
export class ProjectedReadCache {
  /** Every cache a projector in this process must invalidate (the API's, and the projector role's). */
  private readonly caches = new Set<Cache>();
  private readonly pending = new Set<Promise<unknown>>();
  private onError: (e: unknown) => void = () => undefined;

  constructor(
    private readonly prefix: string,
    /** How long an entry lives when `read` is not told otherwise. */
    private readonly ttlMs: number,
  ) {}

  /**
   * The cache to read through, registered for invalidation; undefined (no caching) where the projector's
   * invalidation cannot reach it: a process that neither runs the projectors nor shares Redis with them.
   */
  cacheFor(deps: Pick<BaseDeps, 'cache' | 'projectorsInProcess' | 'log'>): Cache | undefined {
    if (!deps.projectorsInProcess && deps.cache.name !== 'redis') return undefined;
    this.register(deps.cache, (err) => deps.log.warn({ err, cache: this.prefix }, 'read cache invalidation failed'));
    return deps.cache;
  }

  register(cache: Cache, reportError: (e: unknown) => void): void {
    this.caches.add(cache);
    this.onError = reportError;
  }

  /** Called from a projection's afterCommit (synchronous): readers in this process await `settled`. */
  invalidate(scopes: Iterable<string>): void {
    for (const scope of new Set(scopes))
      for (const cache of this.caches) this.track(cache.increment(this.generationKey(scope), GENERATION_WINDOW_MS));
  }

  /**
   * Invalidates the scopes and deletes every entry, for a batch that erased someone: what was read before
   * must not stay in the cache (in clear, in Redis) until its time runs out.
   */
  purge(scopes: Iterable<string>): void {
    this.invalidate(scopes);
    for (const cache of this.caches) this.track(cache.deleteByPrefix(`${this.prefix}:`));
  }

  /**
   * The hooks of a projection whose read model `scope` names: the scope goes stale after each batch it
   * commits, and everything cached goes after a batch with an erasure (`erases`) or a rebuild's switch.
   */
  projectionHooks(
    scope: string,
    erases: (e: CommittedEvent) => boolean = () => false,
  ): Required<Pick<Projection, 'afterCommit' | 'afterSwitch'>> {
    return {
      afterCommit: (events) => (events.some(erases) ? this.purge([scope]) : this.invalidate([scope])),
      afterSwitch: () => this.purge([scope]),
    };
  }

  async settled(): Promise<void> {
    if (this.pending.size) await Promise.all([...this.pending]);
  }

  /** A cached read of what `scopes` hold; `cache` undefined means no caching (see `cacheFor`). */
  async read<T>(cache: Cache | undefined, scopes: readonly string[], name: string, load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    if (!cache) return load();
    await this.settled();
    const generations = await this.generations(cache, scopes);
    const key = `${this.prefix}:${scopes.map((s, i) => `${s}@${generations[i]}`).join(',')}:${name}`;
    const hit = await cache.get(key);
    if (metricsOn()) (hit !== undefined ? caches.hits : caches.misses).inc({ cache: this.prefix });
    if (hit !== undefined) return JSON.parse(hit) as T;
    const value = await load();
    await cache.set(key, JSON.stringify(value), ttlMs);
    // Invalidated meanwhile: nobody reads this key again, so it goes now rather than when it expires.
    if ((await this.generations(cache, scopes)).some((g, i) => g !== generations[i])) await cache.delete(key);
    return value;
  }

  private generations(cache: Cache, scopes: readonly string[]): Promise<string[]> {
    return Promise.all(scopes.map(async (s) => (await cache.get(this.generationKey(s))) ?? '0'));
  }

  private generationKey(scope: string): string {
    return `${this.prefix}-gen:${scope}`;
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(this.onError);
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }
}
