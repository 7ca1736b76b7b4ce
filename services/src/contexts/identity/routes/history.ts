import { adminHistoryRoutes as r } from '@verba/contracts';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { AdminHistory } from '../queries/history';

/** The admin History tab: an entity's events from the log with who did what, when. */
export function historyRoutes(app: App, host: RouteHost, history: AdminHistory): void {
  registerRoute(app, host, r.adminHistory, async ({ params, query }) => history.page(params.entity, params.id, query.limit, query.before));
}
