import { recordReadingTime } from '@verba/contracts/http';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { ReadingTimeCommands } from '../commands/reading-time';
import { actorOf, type Callers } from '../domain/actor';

/** The reader's active time on a page (issue 39.6); analytics turns it into minutes read and words a minute. */
export function readingTimeRoutes(app: App, host: RouteHost & Callers, commands: ReadingTimeCommands): void {
  registerRoute(app, host, recordReadingTime, async ({ user, body }) => {
    const { commandId, ...page } = body;
    return commands.record(await actorOf(host, user), page, commandId);
  });
}
