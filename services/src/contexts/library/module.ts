import { readAfterFor } from '../../platform/http/read-your-writes';
import type { Module } from '../../platform/module';
import { seedDemoArticles } from './seed';
import { articlesProjection } from './projection';
import { libraryRoutes } from './routes';
import { LibraryService } from './service';

/** The library: for now the public demo articles, listed per language and opened for reading. */
export const libraryModule: Module = {
  name: 'library',
  projections: [articlesProjection],
  routes(app, deps) {
    libraryRoutes(app, deps.auth, new LibraryService(deps.store, deps.db), readAfterFor(deps.projections, [articlesProjection.name]));
  },
  seed: (deps) => seedDemoArticles(new LibraryService(deps.store, deps.db)),
};
