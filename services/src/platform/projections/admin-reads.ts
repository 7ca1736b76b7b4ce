import { ADMIN_CACHE_SECONDS } from '@verba/contracts';
import type { DeclaredCache } from './declaration';
import type { CommittedEvent, Projection } from './projection';
import { ProjectedReadCache } from './projected-read-cache';

/**
 * The admin pages' reads of read models (spec §9: cached admin data kept 1000 s), one scope per projection,
 * named by the projection. A route declares them (`cached: 'admin'` with the read models it reads,
 * platform/http/routes.ts); a projection such a route reads declares `adminPagesCache()` among its caches (or,
 * written by hand, spreads `adminReads.projectionHooks(name)` into itself), so a batch it commits makes the next
 * such read load again (read-your-writes holds: an admin reading with their write's position reads after its
 * batch). Only reads whose rows depend on the read models alone belong here, and no decrypted personal data:
 * the cache may be Redis, shared, and outlive an erasure's batch.
 */
class AdminReads extends ProjectedReadCache {
  /** The declared caches and hand-written hooks that invalidate these reads: a cached route may read only their read models. */
  private readonly invalidators = new WeakSet<object>();

  /** Marks a projection's declared cache as the one that makes its admin reads stale (declared-caches.ts' adminPagesCache). */
  following(cache: DeclaredCache): DeclaredCache {
    this.invalidators.add(cache);
    return cache;
  }

  override projectionHooks(
    scope: string,
    erases?: (e: CommittedEvent) => boolean,
  ): Required<Pick<Projection, 'afterCommit' | 'afterSwitch'>> {
    const hooks = super.projectionHooks(scope, erases);
    this.invalidators.add(hooks.afterCommit);
    return hooks;
  }

  /** True when each batch the projection commits makes its admin reads stale: a route may cache reads of it. */
  follows(projection: Pick<Projection, 'name'>): boolean {
    const p = projection as Partial<Projection> & { declaration?: { caches?: readonly DeclaredCache[] } };
    return Boolean((p.afterCommit && this.invalidators.has(p.afterCommit)) || p.declaration?.caches?.some((c) => this.invalidators.has(c)));
  }
}

export const adminReads = new AdminReads('admin-reads', ADMIN_CACHE_SECONDS * 1000);
