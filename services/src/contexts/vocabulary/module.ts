import { WordStatusChangedV1 } from '@verba/contracts/integration';
import { EventCodec } from '../../platform/decider/events';
import { readAfterFor } from '../../platform/http/read-your-writes';
import { vocabularyEvents, WordStatusChanged } from './events';
import type { Module } from '../../platform/module';
import { dictionaryCache, dictionaryProjection } from './projection';
import { vocabularyRoutes } from './routes';
import { VocabularyService } from './service';

const codec = new EventCodec([...vocabularyEvents]);

export const vocabularyModule: Module = {
  name: 'vocabulary',
  projections: [dictionaryProjection],
  integration: {
    [WordStatusChanged.type]: (recorded) => {
      const { data } = codec.decode(recorded);
      const { at, ...rest } = data;
      return WordStatusChangedV1.create({ id: recorded.id, occurredAt: at, key: data.userId, data: rest });
    },
  },
  routes(app, deps) {
    const service = new VocabularyService(deps.store, deps.db, deps.projectorsInProcess ? dictionaryCache : undefined);
    vocabularyRoutes(app, deps.auth, service, readAfterFor(deps.projections, [dictionaryProjection.name]));
  },
};
