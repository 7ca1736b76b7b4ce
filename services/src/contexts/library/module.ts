import { readAfterFor } from '../../platform/http/read-your-writes';
import type { Module } from '../../platform/module';
import { localModeration, type ArticleModeration } from './adapters/moderation';
import { articlesProjection } from './projections/articles';
import { readerWordsProjection } from './projections/reader-words';
import { ReaderService } from './reader-service';
import { readingProjection } from './projections/reading';
import { libraryRoutes } from './routes/articles';
import { seedDemoArticles } from './seed';
import { seriesRoutes } from './routes/series';
import { SeriesService } from './series-service';
import { LibraryService } from './service';

const projections = [articlesProjection, readingProjection, readerWordsProjection];

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
      libraryRoutes(app, deps.auth, new LibraryService(deps.store, deps.db, moderation, readAfter), new ReaderService(deps.store, deps.db), readAfter);
      seriesRoutes(app, deps.auth, new SeriesService(deps.store, deps.db, moderation, readAfter), readAfter);
    },
    seed: (deps) => seedDemoArticles(new LibraryService(deps.store, deps.db, moderation)),
  };
}

export const libraryModule: Module = createLibraryModule();
