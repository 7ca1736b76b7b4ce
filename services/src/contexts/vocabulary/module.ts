import { readAfterFor } from '../../platform/http/read-your-writes';
import type { Module } from '../../platform/module';
import { dictionaryProjection } from './projection';
import { vocabularyRoutes } from './routes';
import { VocabularyService } from './service';

export const vocabularyModule: Module = {
  name: 'vocabulary',
  projections: [dictionaryProjection],
  routes(app, deps) {
    const service = new VocabularyService(deps.store, deps.db);
    vocabularyRoutes(app, deps.auth, service, readAfterFor(deps.projections, [dictionaryProjection.name]));
  },
};
