import { ADMIN_USER_MESSAGES, adminUserRoutes as r } from '@verba/contracts';
import { formatPosition } from '../../../platform/event-store/port';
import { HttpError } from '../../../platform/http/problem';
import { EVERY_READ_MODEL, registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { Accounts } from '../commands/account';
import type { Sessions } from '../domain/sessions';
import type { AdminUserQueries } from '../queries/admin-users';

/** /api/admin/users: search, one account, role, disable, delete (billing answers the subscription switch). */
export function adminUserRoutes(app: App, host: RouteHost, d: { accounts: Accounts; sessions: Sessions; admin: AdminUserQueries }): void {
  const { accounts, sessions, admin } = d;
  /** The caller's role as the read model has it now (a token's role may be stale). */
  const actorOf = async (userId: string) => ({ role: (await accounts.queries.roleOf(userId)) ?? ('User' as const) });
  const mustExist = async (userId: string) => {
    if (!(await accounts.queries.roleOf(userId))) throw new HttpError(404, ADMIN_USER_MESSAGES.notFound);
  };

  // The lists show billing's Master too (through entitlements): they wait for every read model of the process.
  registerRoute(
    app,
    host,
    r.adminListUsers,
    async ({ query }) => {
      const { users, total } = await admin.search(query);
      return { users, total, page: query.page, pageSize: query.pageSize };
    },
    { reads: EVERY_READ_MODEL },
  );

  registerRoute(
    app,
    host,
    r.adminGetUser,
    async ({ params }) => {
      const user = await admin.detail(params.userId);
      if (!user) throw new HttpError(404, ADMIN_USER_MESSAGES.notFound);
      return user;
    },
    { reads: EVERY_READ_MODEL },
  );

  registerRoute(app, host, r.adminSetDisabled, async ({ user, params, body }) => {
    if (params.userId === user.id) throw new HttpError(403, ADMIN_USER_MESSAGES.disableSelf);
    await mustExist(params.userId);
    const position = await accounts.commands.setDisabled(params.userId, body.disabled, user.id, await actorOf(user.id));
    if (body.disabled) await sessions.endAll(params.userId);
    return position ? { position: formatPosition(position) } : {};
  });

  // Owners may change their own role too (stepping down), as long as another Owner remains.
  registerRoute(app, host, r.adminSetRole, async ({ user, params, body }) => {
    await mustExist(params.userId);
    const { position } = await accounts.commands.changeRole(params.userId, body.role, user.id, await actorOf(user.id));
    return position ? { position: formatPosition(position) } : {};
  });

  registerRoute(app, host, r.adminDeleteUser, async ({ user, params }) => {
    if (params.userId === user.id) throw new HttpError(403, ADMIN_USER_MESSAGES.deleteSelf);
    await mustExist(params.userId);
    const position = await accounts.commands.deleteAccount(params.userId, user.id, await actorOf(user.id));
    await sessions.endAll(params.userId);
    return { position: formatPosition(position) };
  });
}
