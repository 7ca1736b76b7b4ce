import { z } from 'zod';
import { LIBRARY_MESSAGES } from '@verba/contracts';
import { ArticleReadV1, ReadingTimeV1 } from '@verba/contracts/integration';
import { HttpError } from '../../platform/http/problem';
import { actorOf } from './domain/actor';
import { readEventData } from '../../platform/decider/events';
import { ArticleRead, ReadingTimeRecorded, articleStream, seriesStream } from './events';
import { writeThrough } from '../../platform/http/write-through';
import { libraryReadModels } from './routes/read-models';
import type { Module } from '../../platform/module';
import { localModeration, type ArticleModeration } from './adapters/moderation';
import { httpWebPages, type WebPages } from './adapters/web-pages';
import { ImportCommands } from './commands/imports';
import { importRoutes } from './routes/imports';
import { adminLibraryRoutes } from './routes/admin';
import { AdminLibraryQueries } from './queries/admin';
import { libraryRoutes } from './routes/articles';
import { learnFirstRoutes } from './routes/learn-first';
import { seedDemoLibrary } from './seed';
import { seriesRoutes } from './routes/series';
import { sentenceRoutes } from './routes/sentences';
import { migrationRoutes } from './routes/migrations';
import { TotalReadsRebuildJob } from './domain/total-reads-rebuild';
import { ArticleCommands } from './commands/articles';
import { ReaderCommands } from './commands/reader';
import { SeriesCommands } from './commands/series';
import { ArticleQueries } from './queries/articles';
import { ReaderQueries } from './queries/reader';
import { SeriesQueries } from './queries/series';
import { ReadingTimeCommands } from './commands/reading-time';
import { readingTimeRoutes } from './routes/reading-time';

const ARTICLE_ID = z.uuid();

/**
 * The library: articles (public, private, premium, pending approval), series, ratings, bookmarks,
 * reading progress and difficulty labels against each reader's words. The moderation port defaults to
 * the local check; the AI adapter is passed in where it is wired.
 */
export function createLibraryModule(options: { moderation?: ArticleModeration; webPages?: WebPages } = {}): Module {
  const moderation = options.moderation ?? localModeration;
  return {
    name: 'library',
    projections: libraryReadModels,
    history: { article: (id) => [articleStream(id)], series: (id) => [seriesStream(id)] },
    integration: {
      [ArticleRead.type]: (recorded) => {
        const { userId, articleId, language, day, at } = readEventData(ArticleRead, recorded);
        return ArticleReadV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, articleId, language, day } });
      },
      [ReadingTimeRecorded.type]: (recorded) => {
        const { at, ...data } = readEventData(ReadingTimeRecorded, recorded);
        return ReadingTimeV1.build({ id: recorded.id, occurredAt: at, key: data.userId, data });
      },
    },
    readAccess: (deps) => {
      const articles = new ArticleQueries(deps.db, deps.people);
      return {
        // The reader's own rule: public, or the caller's own private one; premium for Master (and admins).
        // An id that is no article id (the forum takes any word-like one) names no article, rather than failing the query.
        article: {
          async check(user, id) {
            const article = ARTICLE_ID.safeParse(id).success ? await articles.get(await actorOf(deps, user), id) : undefined;
            if (!article) throw new HttpError(404, LIBRARY_MESSAGES.articleNotFound);
            const { isAuthor, isPrivate, content, contentFormat, cues } = article;
            return { language: article.languageCode, article: { isAuthor, isPrivate, content, contentFormat, ...(cues ? { cues } : {}) } };
          },
          visible: async (user, ids) =>
            articles.openable(
              await actorOf(deps, user),
              ids.filter((id) => ARTICLE_ID.safeParse(id).success),
            ),
        },
      };
    },
    async routes(app, deps) {
      const written = writeThrough(deps.projections, libraryReadModels);
      const articles = new ArticleQueries(deps.db, deps.people);
      const series = new SeriesQueries(deps.db, deps.people);
      const articleCommands = new ArticleCommands(deps.store, deps.db, moderation, articles, written, deps.now, deps.personalData);
      const seriesCommands = new SeriesCommands(deps.store, moderation, series, written, deps.now, deps.personalData);
      libraryRoutes(
        app,
        deps,
        { commands: articleCommands, queries: articles },
        { commands: new ReaderCommands(deps.store, deps.db), queries: new ReaderQueries(deps.db) },
      );
      seriesRoutes(app, deps, { commands: seriesCommands, queries: series });
      learnFirstRoutes(app, deps);
      sentenceRoutes(app, deps);
      readingTimeRoutes(app, deps, new ReadingTimeCommands(deps.store, deps.db, deps.now));
      migrationRoutes(app, deps, new TotalReadsRebuildJob(deps.store, deps.db, deps.cache, deps.log, deps.now));
      adminLibraryRoutes(app, deps, {
        articles: articleCommands,
        series: seriesCommands,
        queries: new AdminLibraryQueries(deps.db, deps.people),
        people: deps.people,
      });
      const webPages = options.webPages ?? httpWebPages({ allowAddresses: deps.config.IMPORT_ALLOWED_ADDRESSES });
      await importRoutes(
        app,
        deps,
        new ImportCommands(articleCommands, seriesCommands, articles, webPages, deps.untrusted, deps.cache, written),
      );
    },
    seed: (deps) =>
      seedDemoLibrary(
        new ArticleCommands(deps.store, deps.db, moderation, new ArticleQueries(deps.db, deps.people)),
        new SeriesCommands(deps.store, moderation, new SeriesQueries(deps.db, deps.people)),
      ),
  };
}

export const libraryModule: Module = createLibraryModule();
