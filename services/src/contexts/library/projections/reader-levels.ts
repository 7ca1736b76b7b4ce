import type { Projection } from '../../../platform/projections/projection';
import { readEventData } from '../../../platform/decider/events';
import { OnboardingCompleted, UserDeleted, userOfStream } from '../../identity/published';

/**
 * Each reader's level per language, from identity's published `OnboardingCompleted` (the last one of a
 * language wins): labels are estimated from it until the reader has marked enough words.
 */
export const readerLevelsProjection: Projection = {
  name: 'library-reader-levels',
  version: 1,
  tables: ['library_reader_levels'],
  eventTypes: [OnboardingCompleted.type, UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('library_reader_levels'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.text('language').notNullable();
      tb.text('level').notNullable();
      tb.primary(['user_id', 'language']);
    });
  },
  async apply(events, { trx, t }) {
    const table = t('library_reader_levels');
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        await trx(table)
          .where({ user_id: readEventData(UserDeleted, recorded).userId })
          .delete();
        continue;
      }
      const userId = userOfStream(recorded.streamId);
      if (!userId) continue;
      const { language, level } = readEventData(OnboardingCompleted, recorded);
      await trx(table).insert({ user_id: userId, language, level }).onConflict(['user_id', 'language']).merge(['level']);
    }
  },
};
