import { LIBRARY_MESSAGES as M, adminLibraryRoutes as r, pendingArticles } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type Authenticator } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { People } from '../../../platform/module';
import { actorOf } from '../domain/actor';
import type { ArticleCommands } from '../commands/articles';
import type { SeriesCommands } from '../commands/series';
import type { AdminLibraryQueries } from '../queries/admin';

type ReadAfter = (minPosition: string | undefined) => Promise<void>;
const written = (position: string | undefined) => (position ? { position } : {});

/** The admin library and series pages (access 'admin': everyone else gets 403 before these run). */
export function adminLibraryRoutes(
  app: App,
  auth: Authenticator,
  deps: { articles: ArticleCommands; series: SeriesCommands; queries: AdminLibraryQueries; readAfter: ReadAfter; people: People },
): void {
  const { articles, series, queries, readAfter, people } = deps;
  /** Names the flaggers (names are identity's: asked for at read time, never kept here). */
  const named = async <A extends { flags: { flaggedBy: string | null }[] }>(list: A[]): Promise<A[]> => {
    const ids = [...new Set(list.flatMap((a) => a.flags.flatMap((f) => (f.flaggedBy ? [f.flaggedBy] : []))))];
    const names = ids.length ? await people.displayNames(ids) : new Map<string, string>();
    return list.map((a) => ({
      ...a,
      flags: a.flags.map((f) => ({ ...f, flaggedByName: (f.flaggedBy && names.get(f.flaggedBy)) || null })),
    }));
  };

  registerRoute(app, auth, r.adminLibraryOverview, async ({ query }) => {
    await readAfter(query.minPosition);
    return queries.overview();
  });

  registerRoute(app, auth, r.adminListArticles, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return queries.list(await actorOf(auth, user), query);
  });

  registerRoute(app, auth, r.adminGetArticle, async ({ user, params, query }) => {
    await readAfter(query.minPosition);
    const article = await queries.get(await actorOf(auth, user), params.articleId);
    if (!article) throw new HttpError(404, M.articleNotFound);
    return article;
  });

  registerRoute(app, auth, r.adminCreateArticle, async ({ user, body }) => {
    const { commandId, ...input } = body;
    return articles.adminCreate(user.id, input, commandId);
  });

  registerRoute(app, auth, r.adminUpdateArticle, async ({ user, params, body }) => {
    const { commandId, ...input } = body;
    const { position } = await articles.update(await actorOf(auth, user), params.articleId, input, commandId);
    return written(position);
  });

  registerRoute(app, auth, r.adminDeleteArticle, async ({ user, params }) =>
    written(await articles.adminDelete(user.id, params.articleId)),
  );

  registerRoute(app, auth, r.adminReviewArticles, async ({ user, body }) =>
    articles.reviewMany(user.id, body.action, body.articleIds, body.reason, body.commandId),
  );

  registerRoute(app, auth, r.adminFlaggedArticles, async ({ user, query }) => {
    await readAfter(query.minPosition);
    const { articles, total } = await queries.flagged(await actorOf(auth, user), query);
    return { articles: await named(articles), total, page: query.page, pageSize: query.pageSize };
  });

  registerRoute(app, auth, pendingArticles, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return { ...(await queries.pending(await actorOf(auth, user), query)), page: query.page, pageSize: query.pageSize };
  });

  registerRoute(app, auth, r.adminListSeries, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return { ...(await queries.series(await actorOf(auth, user), query.languageCode, query)), page: query.page, pageSize: query.pageSize };
  });

  registerRoute(app, auth, r.adminGetSeries, async ({ user, params, query }) => {
    await readAfter(query.minPosition);
    const found = await queries.oneSeries(await actorOf(auth, user), params.seriesId);
    if (!found) throw new HttpError(404, M.seriesNotFound);
    return found;
  });

  registerRoute(app, auth, r.adminCreateSeries, async ({ user, body }) => {
    const { commandId, ...input } = body;
    return series.adminCreate(await actorOf(auth, user), input, commandId);
  });

  registerRoute(app, auth, r.adminUpdateSeries, async ({ user, params, body }) => {
    const { commandId, ...input } = body;
    return written(await series.change(await actorOf(auth, user), params.seriesId, input, commandId));
  });

  registerRoute(app, auth, r.adminDeleteSeries, async ({ user, params }) =>
    written(await series.delete(await actorOf(auth, user), params.seriesId)),
  );
}
