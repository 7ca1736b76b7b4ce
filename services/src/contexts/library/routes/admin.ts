import { LIBRARY_MESSAGES as M, adminLibraryRoutes as r, pendingArticles } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { People } from '../../../platform/module';
import { actorOf, type Callers } from '../domain/actor';
import type { ArticleCommands } from '../commands/articles';
import type { SeriesCommands } from '../commands/series';
import type { AdminLibraryQueries } from '../queries/admin';
import { articlesProjection } from '../projections/articles';
import { flagsProjection } from '../projections/flags';

const written = (position: string | undefined) => (position ? { position } : {});
/**
 * The admin pages read articles, series and flags (none of the readers' own read models) and keep what they read
 * cached until one of those commits: names and who asks are added after the cache.
 */
const adminRead = { reads: [articlesProjection, flagsProjection], cached: 'admin' } as const;

/** The admin library and series pages (access 'admin': everyone else gets 403 before these run). */
export function adminLibraryRoutes(
  app: App,
  host: RouteHost & Callers,
  deps: { articles: ArticleCommands; series: SeriesCommands; queries: AdminLibraryQueries; people: People },
): void {
  const { articles, series, queries, people } = deps;
  /** Names the flaggers (names are identity's: asked for at read time, never kept here). */
  const named = async <A extends { flags: { flaggedBy: string | null }[] }>(list: A[]): Promise<A[]> => {
    const ids = [...new Set(list.flatMap((a) => a.flags.flatMap((f) => (f.flaggedBy ? [f.flaggedBy] : []))))];
    const names = ids.length ? await people.displayNames(ids) : new Map<string, string>();
    return list.map((a) => ({
      ...a,
      flags: a.flags.map((f) => ({ ...f, flaggedByName: (f.flaggedBy && names.get(f.flaggedBy)) || null })),
    }));
  };

  registerRoute(app, host, r.adminLibraryOverview, async ({ cached }) => queries.overview(cached), adminRead);

  registerRoute(
    app,
    host,
    r.adminListArticles,
    async ({ user, query, cached }) => queries.list(await actorOf(host, user), query, cached),
    adminRead,
  );

  registerRoute(
    app,
    host,
    r.adminGetArticle,
    async ({ user, params, cached }) => {
      const article = await queries.get(await actorOf(host, user), params.articleId, cached);
      if (!article) throw new HttpError(404, M.articleNotFound);
      return article;
    },
    adminRead,
  );

  registerRoute(app, host, r.adminCreateArticle, async ({ user, body }) => {
    const { commandId, ...input } = body;
    return articles.adminCreate(user.id, input, commandId);
  });

  registerRoute(app, host, r.adminUpdateArticle, async ({ user, params, body }) => {
    const { commandId, ...input } = body;
    const { position } = await articles.update(await actorOf(host, user), params.articleId, input, commandId);
    return written(position);
  });

  registerRoute(app, host, r.adminDeleteArticle, async ({ user, params }) =>
    written(await articles.adminDelete(user.id, params.articleId)),
  );

  registerRoute(app, host, r.adminReviewArticles, async ({ user, body }) =>
    articles.reviewMany(user.id, body.action, body.articleIds, body.reason, body.commandId),
  );

  registerRoute(
    app,
    host,
    r.adminFlaggedArticles,
    async ({ user, query, cached }) => {
      const { articles, total } = await queries.flagged(await actorOf(host, user), query, cached);
      return { articles: await named(articles), total, page: query.page, pageSize: query.pageSize };
    },
    adminRead,
  );

  registerRoute(
    app,
    host,
    pendingArticles,
    async ({ user, query, cached }) => ({
      ...(await queries.pending(await actorOf(host, user), query, cached)),
      page: query.page,
      pageSize: query.pageSize,
    }),
    adminRead,
  );

  registerRoute(
    app,
    host,
    r.adminListSeries,
    async ({ user, query, cached }) => ({
      ...(await queries.series(await actorOf(host, user), query.languageCode, query, cached)),
      page: query.page,
      pageSize: query.pageSize,
    }),
    adminRead,
  );

  registerRoute(
    app,
    host,
    r.adminGetSeries,
    async ({ user, params, cached }) => {
      const found = await queries.oneSeries(await actorOf(host, user), params.seriesId, cached);
      if (!found) throw new HttpError(404, M.seriesNotFound);
      return found;
    },
    adminRead,
  );

  registerRoute(app, host, r.adminCreateSeries, async ({ user, body }) => {
    const { commandId, ...input } = body;
    return series.adminCreate(await actorOf(host, user), input, commandId);
  });

  registerRoute(app, host, r.adminUpdateSeries, async ({ user, params, body }) => {
    const { commandId, ...input } = body;
    return written(await series.change(await actorOf(host, user), params.seriesId, input, commandId));
  });

  registerRoute(app, host, r.adminDeleteSeries, async ({ user, params }) =>
    written(await series.delete(await actorOf(host, user), params.seriesId)),
  );
}
