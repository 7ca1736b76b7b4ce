import { ADMIN_CACHE_SECONDS } from '@verba/contracts';
import { ProjectedReadCache } from './projected-read-cache';

/**
 * The admin pages' reads of read models (spec §9: cached admin data kept 1000 s), one scope per projection,
 * named by the projection: a projection an admin read reads spreads `adminReads.projectionHooks(name)` into
 * itself, so a batch it commits makes the next such read load again (read-your-writes holds: an admin reading
 * with their write's position reads after its batch). Only reads whose rows depend on the read models alone
 * belong here, and no decrypted personal data: the cache may be Redis, shared, and outlive an erasure's batch.
 */
export const adminReads = new ProjectedReadCache('admin-reads', ADMIN_CACHE_SECONDS * 1000);
