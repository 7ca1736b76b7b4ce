import { adminOperationsRoutes as r } from '@verba/contracts';
import { registerRoute, type RouteHost } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { Rebuilds } from './domain/rebuilds';
import type { OperationsQueries } from './queries/overview';

/** The admin operations page: one read of everything it shows, and a rebuild started from it. */
export function operationsRoutes(app: App, host: RouteHost, queries: OperationsQueries, rebuilds: Rebuilds): void {
  registerRoute(app, host, r.adminOperations, () => queries.overview());
  registerRoute(app, host, r.startProjectionRebuild, async ({ body, user }) => ({ id: await rebuilds.start(body.projection, user.id) }));
}
