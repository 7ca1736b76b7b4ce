import type { FastifyRequest } from 'fastify';
import type { RouteDef } from '@verba/contracts/http';
import type { Cache } from '../cache/port';
import type { Logger } from '../logger';
import { adminReads } from '../projections/admin-reads';
import type { ReadModel } from './read-your-writes';

/**
 * A read the platform keeps for a route that declares `cached`: the handler passes it what depends on the
 * declared read models alone (JSON), and shapes the answer for the caller (names, who asks) after it.
 */
export type CachedRead = <T>(load: () => Promise<T>) => Promise<T>;

/**
 * How a route's reads are cached. 'admin': an admin page's read (spec §9: kept ADMIN_CACHE_SECONDS), kept under
 * the route, its params and query, and dropped when one of the read models it declares commits a batch.
 */
export type RouteCaching = 'admin';

/** What a route that caches needs of its host (ModuleDeps has it): the platform cache, and where the projectors run. */
export interface CachingHost {
  cache?: Cache;
  projectorsInProcess?: boolean;
  log?: Logger;
}

/**
 * The cached read a route's requests get. Checked at registration: a cached route declares the read models it
 * reads, and each of them makes its admin reads stale with every batch (adminPagesCache), or nothing would
 * ever drop what was kept. The cache is undefined (every read loads) where no projector's invalidation
 * reaches it (ProjectedReadCache.cacheFor). Read-your-writes holds: a request with minPosition reaches here only
 * after the read models applied it, and their batch's invalidation is settled before the cache is read.
 */
export function cachedReadsOf(
  def: Pick<RouteDef, 'method' | 'path'>,
  host: CachingHost,
  reads: readonly ReadModel[] | 'every' | undefined,
  caching: RouteCaching | undefined,
): (request: FastifyRequest) => CachedRead {
  const route = `${def.method} ${def.path}`;
  if (!caching)
    return () => () => {
      throw new Error(`${route} reads through the cache but does not declare it ({ cached: 'admin' })`);
    };
  if (!reads || reads === 'every' || reads.length === 0)
    throw new Error(`${route}: a cached route declares the read models it reads ({ reads: [...], cached: '${caching}' })`);
  const unfollowed = reads.filter((p) => !adminReads.follows(p)).map((p) => p.name);
  if (unfollowed.length)
    throw new Error(
      `${route} is cached, but ${unfollowed.join(', ')} does not declare adminPagesCache(): its batches would not drop the cached reads`,
    );
  const { cache, projectorsInProcess, log } = host;
  if (!cache || !log) throw new Error(`${route} is cached, but its host gives no platform cache`);
  const shared = adminReads.cacheFor({ cache, log, projectorsInProcess: projectorsInProcess ?? false });
  const scopes = reads.map((p) => p.name);
  return (request) => {
    // Keyed by what the answer depends on: the route, its params and query, not the position waited for.
    const query = { ...(request.query as Record<string, unknown> | undefined), minPosition: undefined };
    const key = `${route}:${JSON.stringify(request.params ?? {})}:${JSON.stringify(query)}`;
    return (load) => adminReads.read(shared, scopes, key, load);
  };
}
