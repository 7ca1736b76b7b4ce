import { ADMIN_USER_MESSAGES, adminUserRoutes as r } from '@verba/contracts';
import { formatPosition } from '../../../platform/event-store/port';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { WriteThrough } from '../../../platform/http/write-through';
import type { App } from '../../../platform/http/server';
import type { BillingCommands } from '../commands';

/** The admin's Free/Master switch of a user (spec §4): a manual grant, kept apart from what Stripe says. */
export function billingAdminRoutes(app: App, host: RouteHost, commands: BillingCommands, subscriptions: WriteThrough): void {
  registerRoute(app, host, r.adminSetSubscription, async ({ user, params, body }) => {
    // Billing does not know accounts; the authenticator's role read says whether one exists.
    if (!(await host.auth.currentRole(params.userId))) throw new HttpError(404, ADMIN_USER_MESSAGES.notFound);
    const position = await commands.setManualGrant(params.userId, body.subscription === 'master', user.id);
    // Answered once Master is decided from it: the learner's very next request has (or lacks) premium.
    if (position) await subscriptions.settle(position);
    return position ? { position: formatPosition(position) } : {};
  });
}
