import { seriesRoutes as r } from '@verba/contracts';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import { actorOf, readerOf, type Callers } from '../domain/actor';
import type { SeriesCommands } from '../commands/series';
import type { SeriesQueries } from '../queries/series';
import { libraryReadModels } from './read-models';

/** Spec §7 Series. */
export function seriesRoutes(app: App, host: RouteHost & Callers, series: { commands: SeriesCommands; queries: SeriesQueries }): void {
  registerRoute(app, host, r.createSeries, async ({ user, body }) => {
    const { commandId, ...input } = body;
    return series.commands.create(await actorOf(host, user), input, commandId);
  });

  registerRoute(app, host, r.updateSeries, async ({ user, body }) => {
    const { commandId, seriesId, ...input } = body;
    return series.commands.update(await actorOf(host, user), seriesId, input, commandId);
  });

  registerRoute(app, host, r.deleteSeries, async ({ user, query }) => {
    const position = await series.commands.delete(await actorOf(host, user), query.seriesId);
    return position ? { position } : {};
  });

  registerRoute(
    app,
    host,
    r.listSeries,
    async ({ user, query }) => ({ series: await series.queries.list(readerOf(user), query.languageCode) }),
    { reads: libraryReadModels },
  );

  registerRoute(
    app,
    host,
    r.userSeries,
    async ({ user, query }) => ({ series: await series.queries.mine(readerOf(user), query.languageCode) }),
    { reads: libraryReadModels },
  );

  registerRoute(app, host, r.getSeries, async ({ user, params }) => series.queries.get(readerOf(user), params.id), {
    reads: libraryReadModels,
  });

  registerRoute(app, host, r.seriesDetails, async ({ user, params }) => series.queries.details(readerOf(user), params.id), {
    reads: libraryReadModels,
  });
}
