import { caches, metricsOn } from '../metrics/registry';
import { trimOldest, trimTarget } from '../lru';
/**
 * An in-process cache of query results that the projector invalidates after each committed batch.
 * Only for processes that run the projector themselves (all-in-one): there the invalidation is exact.
 *
 * A load that started before an invalidation must not store its (older) result: each key carries a
 * generation that invalidation bumps, and a load stores only if the generation did not move meanwhile.
 */
export class ReadCache<T> {
  private entries = new Map<string, T>();
  private generations = new Map<string, number>();
  private epoch = 0;

  constructor(private readonly maxEntries = 20_000) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (metricsOn()) (hit !== undefined ? caches.hits : caches.misses).inc({ cache: 'in-process' });
    if (hit !== undefined) return hit;
    const epoch = this.epoch;
    const generation = this.generations.get(key) ?? 0;
    const value = await load();
    if (this.epoch === epoch && (this.generations.get(key) ?? 0) === generation) {
      if (this.entries.size >= this.maxEntries) trimOldest(this.entries, trimTarget(this.maxEntries));
      this.entries.set(key, value);
    }
    return value;
  }

  invalidate(key: string): void {
    this.entries.delete(key);
    if (this.generations.size >= this.maxEntries * 4) {
      // Forget every generation at once; the epoch keeps in-flight loads from storing.
      this.generations.clear();
      this.epoch++;
    }
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  /**
   * Brings a cached value up to date with a committed change instead of dropping it, so the next read
   * (most often the writer's own, with minPosition) needs no query. `change` must not mutate the value:
   * a reader may still hold it. Loads in flight are kept from storing, as after `invalidate`.
   */
  update(key: string, change: (value: T) => T): void {
    const hit = this.entries.get(key);
    this.invalidate(key);
    if (hit !== undefined) this.entries.set(key, change(hit));
  }

  invalidatePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.invalidate(key);
    this.epoch++; // keys being loaded right now are not in `entries` yet
  }
}
