import { WordStatusChangedV1 } from '@verba/contracts/integration';
import { EventCodec } from '../../platform/decider/events';
import { WordStatusChanged } from './events';
import type { Module } from '../../platform/module';
import { dictionaryCache, dictionaryProjection } from './projections/dictionary';
import { familiesProjection } from './projections/families';
import { vocabularyRoutes, wordFamilyRoutes } from './routes';
import { VocabularyCommands } from './commands';
import { VocabularyQueries } from './queries';

const codec = new EventCodec([WordStatusChanged]);

export const vocabularyModule: Module = {
  name: 'vocabulary',
  projections: [dictionaryProjection, familiesProjection],
  integration: {
    [WordStatusChanged.type]: (recorded) => {
      const { data } = codec.decode(recorded);
      const { at, status, ...rest } = data;
      // V1 (frozen) knows new, known and uncertain: an Ignored word is, to its readers, out of the dictionary
      // (it counts nowhere, as New counts nowhere in what they compute from it: words known, the level hint).
      const published = status === 'ignored' ? 'new' : status;
      return WordStatusChangedV1.build({ id: recorded.id, occurredAt: at, key: data.userId, data: { ...rest, status: published } });
    },
  },
  routes(app, deps) {
    const commands = new VocabularyCommands(deps.store);
    const queries = new VocabularyQueries(deps.db, deps.projectorsInProcess ? dictionaryCache : undefined);
    vocabularyRoutes(app, deps, commands, queries);
    wordFamilyRoutes(app, deps, commands, queries);
  },
};
