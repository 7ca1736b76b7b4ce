import { readAfterFor } from '../../platform/http/read-your-writes';
import type { Module } from '../../platform/module';
import { localModeration, type ArticleModeration } from './adapters/moderation';
import { articlesProjection } from './projections/articles';
import { readerLevelsProjection } from './projections/reader-levels';
import { readerWordsProjection } from './projections/reader-words';
import { readingProjection } from './projections/reading';
import { libraryRoutes } from './routes/articles';
import { seedDemoArticles } from './seed';
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
export function createLibraryModule(options: { moderation?: ArticleModeration } = {}): Module {
  const moderation = options.moderation ?? localModeration;
  return {
    name: 'library',
    projections,
    routes(app, deps) {
      const readAfter = readAfterFor(deps.projections, projections.map((p) => p.name));
      const articles = new ArticleQueries(deps.db);
      const series = new SeriesQueries(deps.db);
      libraryRoutes(
        app,
        deps.auth,
        { commands: new ArticleCommands(deps.store, deps.db, moderation, articles, readAfter, deps.now, deps.personalData), queries: articles },
        { commands: new ReaderCommands(deps.store, deps.db), queries: new ReaderQueries(deps.db) },
        readAfter,
      );
      seriesRoutes(app, deps.auth, { commands: new SeriesCommands(deps.store, moderation, series, readAfter, deps.now, deps.personalData), queries: series }, readAfter);
    },
    seed: (deps) => seedDemoArticles(new ArticleCommands(deps.store, deps.db, moderation, new ArticleQueries(deps.db))),
  };
}

export const libraryModule: Module = createLibraryModule();
