import { isAdminRole, type Subscription } from '@verba/contracts';
import type { AuthUser, Authenticator } from './http/routes';
import type { Entitlements } from './module';

/** Who asks to use something premium: their subscription (from billing's entitlements) and whether they administer. */
export interface PremiumViewer {
  userId: string;
  isAdmin: boolean;
  subscription: Subscription;
}

/**
 * The premium rule, written once: premium-only content (articles, chapters) is for Master subscribers,
 * administrators and the item's own author. `authorId` is absent for what no user writes (chapters).
 */
export function mayUsePremium(viewer: PremiumViewer, item: { authorId?: string | null } = {}): boolean {
  return viewer.subscription === 'master' || viewer.isAdmin || (item.authorId != null && item.authorId === viewer.userId);
}

/** Where a caller's role (identity's authenticator) and subscription (billing's entitlements) are read. */
export interface Callers {
  auth: Pick<Authenticator, 'currentRole'>;
  entitlements: Pick<Entitlements, 'subscriptionOf'>;
}

/** The caller with role and subscription read fresh (a token's role may be stale; Master may have just ended). */
export async function premiumViewerOf(callers: Callers, user: AuthUser): Promise<PremiumViewer> {
  const [role, subscription] = await Promise.all([callers.auth.currentRole(user.id), callers.entitlements.subscriptionOf(user.id)]);
  return { userId: user.id, isAdmin: role !== undefined && isAdminRole(role), subscription };
}
