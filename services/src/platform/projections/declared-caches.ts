import type { EventDefinition } from '../decider/events';
import { adminReads } from './admin-reads';
import type { DeclaredCache, Row, RowChange } from './declaration';
import { ProjectedReadCache } from './projected-read-cache';
import { ReadCache } from './read-cache';

/**
 * The admin pages' cached reads of this read model (admin-reads.ts) go stale with each batch it commits;
 * everything cached goes after a batch with an event of `purgedBy` (an erasure: nothing read before it may
 * stay cached) and after a rebuild's switch.
 */
export function adminPagesCache(options: { purgedBy?: readonly EventDefinition[] } = {}): DeclaredCache {
  const purging = new Set((options.purgedBy ?? []).map((e) => e.type));
  return adminReads.following({
    followsRows: false,
    changed(projection, _changes, events) {
      if (events.some((e) => purging.has(e.type))) adminReads.purge([projection]);
      else adminReads.invalidate([projection]);
    },
    reset: (projection) => adminReads.purge([projection]),
  });
}

/**
 * Reads kept in the platform cache a scope each (one course: ProjectedReadCache), as a declared cache: a batch
 * makes stale the scopes its events name (`scopeOf`), a rebuild's switch every scope (`allScopes`).
 */
export class ScopedReadCache extends ProjectedReadCache implements DeclaredCache {
  readonly followsRows = false;

  constructor(
    prefix: string,
    ttlMs: number,
    private readonly scopes: { scopeOf(event: { type: string; data: unknown }): string; allScopes(): Iterable<string> },
  ) {
    super(prefix, ttlMs);
  }

  changed(_projection: string, _changes: readonly RowChange[], events: readonly { type: string; data: unknown }[]): void {
    this.invalidate(events.map((e) => this.scopes.scopeOf(e)));
  }

  reset(): void {
    this.invalidate(this.scopes.allScopes());
  }
}

/**
 * PostgreSQL's `collate "C"` order (code points), the same on every server whatever its locale, so a list
 * brought up to date here reads exactly as the query that loads it (`order by ... collate "C"`).
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

/** A UTF-16 unit's rank in code point order: surrogates (code points past U+FFFF) after U+E000-U+FFFF. */
const codePointOrder = (unit: number) => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

/** An entry's new value at its sort key, or null to take it out. */
export type ListChange<E> = readonly [sortKey: string, entry: E | null];

/** A list sorted by `sortKey` (code points) with the changes applied in turn, as a new array (readers may hold the old one). */
export function withListChanges<E>(entries: readonly E[], changes: readonly ListChange<E>[], sortKey: (e: E) => string): E[] {
  const next = entries.slice();
  for (const [key, entry] of changes) {
    let lo = 0;
    let hi = next.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareCodePoints(sortKey(next[mid]!), key) < 0) lo = mid + 1;
      else hi = mid;
    }
    const found = next[lo] !== undefined && sortKey(next[lo]!) === key;
    if (entry !== null) next.splice(lo, found ? 1 : 0, entry);
    else if (found) next.splice(lo, 1);
  }
  return next;
}

export interface RowListCacheOptions<E> {
  table: string;
  /** The columns a cached list is read by (its key is their values joined by ':'); the rest of the key sorts it. */
  groupBy: readonly string[];
  /** The key column the list is sorted by (code points, as `collate "C"`). */
  sortBy: string;
  /** A row as the list holds it, and the sortBy value it holds. */
  entry(row: Row): E;
  sortKey(entry: E): string;
  /** More changes than this to one list in a batch drop it (the next read loads it once). */
  maxChangesApplied?: number;
}

/**
 * Lists of a table's rows, one per value of `groupBy` (a learner's dictionary in a language), as last read,
 * brought up to date in place from each committed batch's changes, so the writer's own next read needs no
 * query. Only in processes that run the projectors (there it is exact); the query reads through `get`.
 *
 * A change sets a row outright, so applying it to a copy that already shows it (read after the commit,
 * before this ran) changes nothing; a copy read after a later batch shows that batch's rows until that
 * batch's own update runs, next in order. Changes other than whole-row upserts and removes by key drop
 * what they touch.
 */
export class RowListCache<E> extends ReadCache<E[]> implements DeclaredCache {
  readonly followsRows = true;

  constructor(private readonly o: RowListCacheOptions<E>) {
    super();
  }

  keyOf(...values: readonly unknown[]): string {
    return values.join(':');
  }

  changed(_projection: string, changes: readonly RowChange[]): void {
    const { groupBy, sortBy, table } = this.o;
    const lists = new Map<string, ListChange<E>[]>();
    const add = (key: string, change: ListChange<E>) => {
      const list = lists.get(key);
      if (list) list.push(change);
      else lists.set(key, [change]);
    };
    for (const c of changes) {
      if (c.table !== table) continue;
      // A removal from a list moves rows of other keys: everything cached of the table goes.
      const fields = c.kind === 'removeFromList' ? {} : c.kind === 'update' || c.kind === 'remove' ? c.where : c.row;
      const key = groupBy.every((g) => g in fields) ? this.keyOf(...groupBy.map((g) => fields[g])) : undefined;
      if (c.kind === 'upsert' && !c.newerBy && key !== undefined) add(key, [String(c.row[sortBy]), this.o.entry(c.row)]);
      else if (c.kind === 'remove' && key !== undefined && sortBy in c.where && Object.keys(c.where).length === groupBy.length + 1)
        add(key, [String(c.where[sortBy]), null]);
      else if (key !== undefined) this.invalidate(key);
      else this.invalidatePrefix(prefixOf(groupBy, fields, (...v) => this.keyOf(...v)));
    }
    const max = this.o.maxChangesApplied ?? 64;
    for (const [key, list] of lists) {
      if (list.length > max) this.invalidate(key);
      else this.update(key, (entries) => withListChanges(entries, list, this.o.sortKey));
    }
  }

  reset(): void {
    this.invalidatePrefix('');
  }
}

/** The leading groupBy values a change names, as a key prefix ('' when it names none: drop everything). */
function prefixOf(groupBy: readonly string[], fields: Row, keyOf: (...v: unknown[]) => string): string {
  const known: unknown[] = [];
  for (const g of groupBy) {
    if (!(g in fields)) break;
    known.push(fields[g]);
  }
  return known.length ? `${keyOf(...known)}:` : '';
}
