import { profileRoutes as r } from '@verba/contracts';
import { formatPosition, type Position } from '../../../platform/event-store/port';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, SESSION_EXPIRED, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { ProfileCommands } from '../commands/profile';
import type { ProfileQueries } from '../queries/profile';
import { usersProjection } from '../projections/users';

/** Onboarding and profile routes (spec §7 User); every write answers with the profile as it now is. */
export function profileRoutes(app: App, host: RouteHost, profiles: { commands: ProfileCommands; queries: ProfileQueries }): void {
  const answer = async (userId: string, position: Position | undefined) => {
    const profile = await profiles.queries.profile(userId);
    if (!profile) throw new HttpError(401, SESSION_EXPIRED);
    return { profile, ...(position ? { position: formatPosition(position) } : {}) };
  };

  registerRoute(
    app,
    host,
    r.getProfile,
    async ({ user }) => {
      const profile = await profiles.queries.profile(user.id);
      if (!profile) throw new HttpError(401, SESSION_EXPIRED);
      return profile;
    },
    { reads: [usersProjection] },
  );

  registerRoute(app, host, r.checkUsername, async ({ user, body }) => ({
    available: await profiles.queries.usernameAvailable(user.id, body.name),
  }));

  registerRoute(app, host, r.basicInfo, async ({ user, body }) => answer(user.id, await profiles.commands.setBasicInfo(user.id, body)));

  registerRoute(app, host, r.onboarding, async ({ user, body }) =>
    answer(user.id, await profiles.commands.completeOnboarding(user.id, body.languageCode, body.level)),
  );

  registerRoute(app, host, r.changeLanguage, async ({ user, body }) =>
    answer(user.id, await profiles.commands.changeLanguage(user.id, body.languageId)),
  );

  registerRoute(app, host, r.updateSettings, async ({ user, body }) =>
    answer(user.id, await profiles.commands.updateSettings(user.id, body)),
  );

  registerRoute(app, host, r.recordTime, async ({ user, body }) => {
    await profiles.commands.recordTime(user.id, body.seconds, body.languageCode);
    return { ok: true as const };
  });
}
