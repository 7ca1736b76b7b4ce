import { isAdminRole } from '@verba/contracts';
import type { AuthUser, Authenticator } from '../../../platform/http/routes';
import type { Actor } from '../deciders/article-decider';

/** The caller with role and tier read fresh (a token's role may be stale; Master may have just ended). */
export async function actorOf(auth: Authenticator, user: AuthUser): Promise<Actor> {
  const [role, isMaster] = await Promise.all([auth.currentRole(user.id), auth.isMaster(user.id)]);
  return { userId: user.id, isAdmin: role !== undefined && isAdminRole(role), isMaster };
}

/** For reads whose answer does not depend on role or tier (the library page): no lookups. */
export const readerOf = (user: AuthUser): Actor => ({ userId: user.id, isAdmin: false, isMaster: false });
