import { ADMIN_USER_MESSAGES, adminUserRoutes as r } from '@verba/contracts';
import { formatPosition, type Position } from '../../../platform/event-store/port';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type Authenticator } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { BillingCommands } from '../commands';

/** The admin's Free/Master switch of a user (spec §4): a manual grant, kept apart from what Stripe says. */
export function billingAdminRoutes(
  app: App,
  auth: Authenticator,
  commands: BillingCommands,
  settle: (position: Position) => Promise<unknown>,
): void {
  registerRoute(app, auth, r.adminSetSubscription, async ({ user, params, body }) => {
    // Billing does not know accounts; the authenticator's role read says whether one exists.
    if (!(await auth.currentRole(params.userId))) throw new HttpError(404, ADMIN_USER_MESSAGES.notFound);
    const position = await commands.setManualGrant(params.userId, body.subscription === 'master', user.id);
    // Answered once Master is decided from it: the learner's very next request has (or lacks) premium.
    if (position) await settle(position);
    return position ? { position: formatPosition(position) } : {};
  });
}
