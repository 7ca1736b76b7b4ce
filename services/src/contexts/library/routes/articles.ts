import { LIBRARY_MESSAGES as M, libraryRoutes as r } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import { actorOf, readerOf, type Callers } from '../domain/actor';
import type { ArticleCommands } from '../commands/articles';
import type { ReaderCommands } from '../commands/reader';
import type { ArticleQueries } from '../queries/articles';
import type { ReaderQueries } from '../queries/reader';
import { libraryReadModels } from './read-models';

const written = (position: string | undefined) => (position ? { position } : {});

/** Spec §7 Articles, plus the admin review of articles. */
export function libraryRoutes(
  app: App,
  host: RouteHost & Callers,
  articles: { commands: ArticleCommands; queries: ArticleQueries },
  reader: { commands: ReaderCommands; queries: ReaderQueries },
): void {
  registerRoute(app, host, r.listArticles, async ({ user, query }) => articles.queries.list(readerOf(user), query), {
    reads: libraryReadModels,
  });

  registerRoute(
    app,
    host,
    r.getArticle,
    async ({ user, params }) => {
      const article = await articles.queries.get(await actorOf(host, user), params.id);
      if (!article) throw new HttpError(404, M.articleNotFound);
      return article;
    },
    { reads: libraryReadModels },
  );

  registerRoute(
    app,
    host,
    r.lastArticles,
    async ({ user, query }) => ({ articles: await articles.queries.lastArticles(readerOf(user), query.languageCode, query.ids) }),
    { reads: libraryReadModels },
  );

  registerRoute(
    app,
    host,
    r.userArticles,
    async ({ user, query }) => ({ articles: await articles.queries.userArticles(readerOf(user), query.languageCode) }),
    { reads: libraryReadModels },
  );

  registerRoute(app, host, r.canCreate, async ({ user, query }) =>
    articles.queries.createCheck(await actorOf(host, user), query.isPrivate),
  );

  registerRoute(app, host, r.createArticle, async ({ user, body }) => {
    const { commandId, ...input } = body;
    return articles.commands.create(await actorOf(host, user), input, commandId);
  });

  registerRoute(app, host, r.updateArticle, async ({ user, body }) => {
    const { commandId, articleId, ...input } = body;
    return articles.commands.update(await actorOf(host, user), articleId, input, commandId);
  });

  registerRoute(app, host, r.deletePrivateArticle, async ({ user, query }) =>
    written(await articles.commands.deletePrivate(await actorOf(host, user), query.articleId)),
  );

  registerRoute(app, host, r.flagArticles, async ({ user, body }) =>
    articles.commands.flag(await actorOf(host, user), body.articleIds, body.commandId, body.reason),
  );

  registerRoute(
    app,
    host,
    r.getBookmark,
    async ({ user, query }) => reader.queries.getBookmark(await actorOf(host, user), query.articleId),
    { reads: libraryReadModels },
  );

  registerRoute(app, host, r.setBookmark, async ({ user, body }) =>
    reader.commands.bookmark(await actorOf(host, user), body.articleId, body.pageNumber, body.totalPages, body.commandId),
  );

  registerRoute(app, host, r.getRating, async ({ user, query }) => reader.queries.getRating(await actorOf(host, user), query.articleId), {
    reads: libraryReadModels,
  });

  registerRoute(app, host, r.rateArticle, async ({ user, body }) =>
    reader.commands.rate(await actorOf(host, user), body.articleId, body.rate, body.commandId),
  );

  registerRoute(
    app,
    host,
    r.getProgress,
    async ({ user, query }) => {
      const target = query.uid ?? user.id;
      if (target !== user.id && !(await actorOf(host, user)).isAdmin) throw new HttpError(403, M.otherUsersProgress);
      return { languageCode: query.languageCode, items: await reader.queries.getProgress(target, query.languageCode) };
    },
    { reads: libraryReadModels },
  );

  registerRoute(app, host, r.addProgress, async ({ user, body }) =>
    reader.commands.progress(
      await actorOf(host, user),
      body.articleProgressItem.articleId,
      body.language,
      body.articleProgressItem.progress,
      body.commandId,
    ),
  );

  registerRoute(app, host, r.countRead, async ({ user, body }) =>
    reader.commands.read(await actorOf(host, user), body.articleId, body.language, body.commandId),
  );
  registerRoute(app, host, r.addLastArticle, async ({ user, body }) =>
    reader.commands.read(await actorOf(host, user), body.articleId, body.language, body.commandId),
  );

  // Admin review (access 'admin': the platform answers 403 to everyone else before these run); the queue is in routes/admin.ts.
  registerRoute(app, host, r.approveArticle, async ({ user, body }) =>
    written(await articles.commands.review('approve', body.articleId, user.id)),
  );
  registerRoute(app, host, r.makePublicPremium, async ({ user, body }) =>
    written(await articles.commands.review('makePublicPremium', body.articleId, user.id)),
  );
  registerRoute(app, host, r.declineArticle, async ({ user, body }) =>
    written(await articles.commands.decline(body.articleId, body.reason, user.id)),
  );
}
