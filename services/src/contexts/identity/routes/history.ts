import { adminHistoryRoutes as r } from '@verba/contracts';
import { registerRoute, type Authenticator } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { AdminHistory } from '../queries/history';

/** The admin History tab: an entity's events from the log with who did what, when. */
export function historyRoutes(app: App, auth: Authenticator, history: AdminHistory): void {
  registerRoute(app, auth, r.adminHistory, async ({ params, query }) => history.page(params.entity, params.id, query.limit, query.before));
}
