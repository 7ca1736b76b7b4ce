import { profileRoutes as r } from '@verba/contracts';
import { formatPosition, type Position } from '../../../platform/event-store/port';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, SESSION_EXPIRED, type Authenticator } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { ProfileCommands } from '../commands/profile';
import type { ProfileQueries } from '../queries/profile';
import type { ReadAfter } from './account';

/** Onboarding and profile routes (spec §7 User); every write answers with the profile as it now is. */
export function profileRoutes(
  app: App,
  auth: Authenticator,
  profiles: { commands: ProfileCommands; queries: ProfileQueries },
  readAfter: ReadAfter,
): void {
  const answer = async (userId: string, position: Position | undefined) => {
    const profile = await profiles.queries.profile(userId);
    if (!profile) throw new HttpError(401, SESSION_EXPIRED);
    return { profile, ...(position ? { position: formatPosition(position) } : {}) };
  };

  registerRoute(app, auth, r.getProfile, async ({ user, query }) => {
    await readAfter(query.minPosition);
    const profile = await profiles.queries.profile(user.id);
    if (!profile) throw new HttpError(401, SESSION_EXPIRED);
    return profile;
  });

  registerRoute(app, auth, r.checkUsername, async ({ user, body }) => ({
    available: await profiles.queries.usernameAvailable(user.id, body.name),
  }));

  registerRoute(app, auth, r.basicInfo, async ({ user, body }) => answer(user.id, await profiles.commands.setBasicInfo(user.id, body)));

  registerRoute(app, auth, r.onboarding, async ({ user, body }) =>
    answer(user.id, await profiles.commands.completeOnboarding(user.id, body.languageCode, body.level)),
  );

  registerRoute(app, auth, r.changeLanguage, async ({ user, body }) =>
    answer(user.id, await profiles.commands.changeLanguage(user.id, body.languageId)),
  );

  registerRoute(app, auth, r.updateSettings, async ({ user, body }) =>
    answer(user.id, await profiles.commands.updateSettings(user.id, body)),
  );

  registerRoute(app, auth, r.recordTime, async ({ user, body }) => {
    await profiles.commands.recordTime(user.id, body.seconds, body.languageCode);
    return { ok: true as const };
  });
}
