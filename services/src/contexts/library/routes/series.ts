import { seriesRoutes as r } from '@verba/contracts';
import { registerRoute, type Authenticator } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import { actorOf, readerOf } from '../domain/actor';
import type { SeriesCommands } from '../commands/series';
import type { SeriesQueries } from '../queries/series';

type ReadAfter = (minPosition: string | undefined) => Promise<void>;

/** Spec §7 Series. */
export function seriesRoutes(
  app: App,
  auth: Authenticator,
  series: { commands: SeriesCommands; queries: SeriesQueries },
  readAfter: ReadAfter,
): void {
  registerRoute(app, auth, r.createSeries, async ({ user, body }) => {
    const { commandId, ...input } = body;
    return series.commands.create(await actorOf(auth, user), input, commandId);
  });

  registerRoute(app, auth, r.updateSeries, async ({ user, body }) => {
    const { commandId, seriesId, ...input } = body;
    return series.commands.update(await actorOf(auth, user), seriesId, input, commandId);
  });

  registerRoute(app, auth, r.deleteSeries, async ({ user, query }) => {
    const position = await series.commands.delete(await actorOf(auth, user), query.seriesId);
    return position ? { position } : {};
  });

  registerRoute(app, auth, r.listSeries, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return { series: await series.queries.list(readerOf(user), query.languageCode) };
  });

  registerRoute(app, auth, r.userSeries, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return { series: await series.queries.mine(readerOf(user), query.languageCode) };
  });

  registerRoute(app, auth, r.getSeries, async ({ user, params, query }) => {
    await readAfter(query.minPosition);
    return series.queries.get(readerOf(user), params.id);
  });

  registerRoute(app, auth, r.seriesDetails, async ({ user, params, query }) => {
    await readAfter(query.minPosition);
    return series.queries.details(readerOf(user), params.id);
  });
}
