import type { AuthUser } from '../../../platform/http/routes';
import type { Actor } from '../deciders/article-decider';

export { premiumViewerOf as actorOf, type Callers } from '../../../platform/entitlements';

/** For reads whose answer does not depend on role or subscription (the library page): no lookups. */
export const readerOf = (user: AuthUser): Actor => ({ userId: user.id, isAdmin: false, subscription: 'free' });
