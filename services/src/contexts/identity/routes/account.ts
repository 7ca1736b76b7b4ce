import { EMAIL_NOT_VERIFIED, MESSAGES, identityRoutes as r } from '@verba/contracts';
import { formatPosition } from '../../../platform/event-store/port';
import { HttpError } from '../../../platform/http/problem';
import { loopbackOnly } from '../../../platform/http/loopback';
import { registerRoute, SESSION_EXPIRED, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { DevMailbox } from '../../../platform/mail/dev-mailbox';
import type { Accounts } from '../commands/account';
import type { Sessions } from '../domain/sessions';
import { SignInThrottled } from '../domain/sign-in-throttle';
import type { WriteThrough } from '../../../platform/http/write-through';
import { usersProjection } from '../projections/users';

/** `users`: the read model the account routes read, which patchUser reads back after its write. */
export function identityRoutes(app: App, host: RouteHost, accounts: Accounts, sessions: Sessions, users: WriteThrough): void {
  registerRoute(app, host, r.signUp, async ({ body }) => {
    const { user, position } = await accounts.commands.register(body);
    return { user, position: formatPosition(position) };
  });

  registerRoute(app, host, r.signIn, async ({ body, request, reply }) => {
    const { userId, role, view } = await accounts.commands.verifyCredentials(body.email, body.password, request.ip).catch((e: unknown) => {
      if (e instanceof SignInThrottled) void reply.header('retry-after', String(e.retryAfterSeconds));
      throw e;
    });
    if (await accounts.queries.needsVerification(userId)) {
      await accounts.commands.requestVerification(userId);
      throw new HttpError(403, EMAIL_NOT_VERIFIED, { code: 'email-not-verified' });
    }
    await sessions.start(reply, userId, role);
    return { showMainOnboarding: view.showMainOnboarding, user: view };
  });

  registerRoute(app, host, r.signOut, async ({ user, reply }) => {
    await sessions.end(reply, user.sessionId);
    return { ok: true as const };
  });

  registerRoute(
    app,
    host,
    r.getUser,
    async ({ user }) => {
      const view = await accounts.queries.view(user.id);
      if (!view) throw new HttpError(401, SESSION_EXPIRED); // the account is gone: same as an expired session
      return view;
    },
    { reads: [usersProjection] },
  );

  registerRoute(app, host, r.patchUser, async ({ user, body }) => {
    const { position } = await accounts.commands.updateProfile(user.id, body);
    if (position) await users.readBack(position);
    const view = await accounts.queries.view(user.id);
    if (!view) throw new HttpError(404, 'User not found');
    return { user: view, ...(position ? { position: formatPosition(position) } : {}) };
  });

  registerRoute(app, host, r.deleteUser, async ({ user, reply }) => {
    const position = await accounts.commands.deleteAccount(user.id, user.id);
    await sessions.endAll(user.id);
    sessions.clearCookies(reply);
    return { position: formatPosition(position) };
  });

  registerRoute(app, host, r.verifyEmail, async ({ body }) => {
    const { position } = await accounts.commands.verifyEmail(body.token);
    return { ok: true as const, position: formatPosition(position) };
  });

  registerRoute(app, host, r.resendVerification, async ({ body }) => {
    // The same answer for every address: this route must not tell who has an account.
    await accounts.commands.resendVerification(body.email);
    return { ok: true as const };
  });

  registerRoute(app, host, r.requestPasswordReset, async ({ body }) => {
    await accounts.commands.requestPasswordReset(body.email);
    return { ok: true as const };
  });

  registerRoute(app, host, r.setNewPassword, async ({ body, reply }) => {
    const { userId } = await accounts.commands.resetPassword(body.token, body.password);
    await sessions.endAll(userId);
    sessions.clearCookies(reply);
    return { message: MESSAGES.resetPassword.success };
  });

  registerRoute(app, host, r.changePassword, async ({ user, body, request, reply }) => {
    await accounts.commands.changePassword(user.id, body.currentPassword, body.newPassword, request.ip);
    // "Re-authenticating": every session ends, and this browser gets a fresh one.
    await sessions.endAll(user.id);
    await sessions.start(reply, user.id, user.role);
    return { message: MESSAGES.changePassword.success };
  });
}

/** Development only (never with NODE_ENV=production): read the dev mailbox, e.g. to follow a link. */
export function devMailboxRoutes(app: App, host: RouteHost, mailbox: DevMailbox): void {
  // Reset links are in there: only a client on this machine is answered, before anything else is checked.
  void app.register(async (scope) => {
    scope.addHook('onRequest', loopbackOnly);
    registerRoute(scope as unknown as App, host, r.devMailbox, async ({ query }) => ({
      messages: (await mailbox.list({ to: query.to })).map(({ id, to, subject, text, sentAt }) => ({ id, to, subject, text, sentAt })),
    }));
  });
}
