import { ArticleReadV1 } from '@verba/contracts/integration';
import { readEventData } from '../../platform/decider/events';
import { ArticleRead } from './events';
import { readAfterFor } from '../../platform/http/read-your-writes';
import type { Module } from '../../platform/module';
import { localModeration, type ArticleModeration } from './adapters/moderation';
import { httpWebPages, type WebPages } from './adapters/web-pages';
import { ImportCommands } from './commands/imports';
import { importRoutes } from './routes/imports';
import { articlesProjection } from './projections/articles';
import { readerLevelsProjection } from './projections/reader-levels';
import { readerWordsProjection } from './projections/reader-words';
import { readingProjection } from './projections/reading';
import { libraryRoutes } from './routes/articles';
import { seedDemoLibrary } from './seed';
import { seriesRoutes } from './routes/series';
import { ArticleCommands } from './commands/articles';
import { ReaderCommands } from './commands/reader';
import { SeriesCommands } from './commands/series';
import { ArticleQueries } from './queries/articles';
import { ReaderQueries } from './queries/reader';
import { SeriesQueries } from './queries/series';

const projections = [articlesProjection, readingProjection, readerWordsProjection, readerLevelsProjection];

/**
 * The library: articles (public, private, premium, pending approval), series, ratings, bookmarks,
 * reading progress and difficulty labels against each reader's words. The moderation port defaults to
 * the local check; the AI adapter is passed in where it is wired.
 */
export function createLibraryModule(options: { moderation?: ArticleModeration; webPages?: WebPages } = {}): Module {
  const moderation = options.moderation ?? localModeration;
  return {
    name: 'library',
    projections,
    integration: {
      [ArticleRead.type]: (recorded) => {
        const { userId, articleId, language, day, at } = readEventData(ArticleRead, recorded);
        return ArticleReadV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, articleId, language, day } });
      },
    },
    async routes(app, deps) {
      const readAfter = readAfterFor(deps.projections, projections.map((p) => p.name));
      const articles = new ArticleQueries(deps.db);
      const series = new SeriesQueries(deps.db);
      const articleCommands = new ArticleCommands(deps.store, deps.db, moderation, articles, readAfter, deps.now, deps.personalData);
      const seriesCommands = new SeriesCommands(deps.store, moderation, series, readAfter, deps.now, deps.personalData);
      libraryRoutes(
        app,
        deps.auth,
        { commands: articleCommands, queries: articles },
        { commands: new ReaderCommands(deps.store, deps.db), queries: new ReaderQueries(deps.db) },
        readAfter,
      );
      seriesRoutes(app, deps.auth, { commands: seriesCommands, queries: series }, readAfter);
      const webPages = options.webPages ?? httpWebPages({ allowAddresses: deps.config.IMPORT_ALLOWED_ADDRESSES });
      await importRoutes(app, deps.auth, new ImportCommands(articleCommands, seriesCommands, articles, webPages, deps.cache, readAfter));
    },
    seed: (deps) =>
      seedDemoLibrary(new ArticleCommands(deps.store, deps.db, moderation, new ArticleQueries(deps.db)), new SeriesCommands(deps.store, moderation, new SeriesQueries(deps.db))),
  };
}

export const libraryModule: Module = createLibraryModule();
