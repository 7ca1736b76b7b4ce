import { defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { OnboardingCompleted, UserDeleted, userOfStream } from '../../identity/published';

/**
 * Each reader's level per language, from identity's published `OnboardingCompleted` (the last one of a
 * language wins): labels are estimated from it until the reader has marked enough words.
 */
export const readerLevelsProjection = defineProjection({
  name: 'library-reader-levels',
  version: 1,
  tables: {
    library_reader_levels: { key: ['user_id', 'language'], columns: { user_id: 'uuid', language: 'text', level: 'text' } },
  },
  on: [
    when(OnboardingCompleted, (e, { streamId }) => {
      const userId = userOfStream(streamId);
      return userId ? [upsert('library_reader_levels', { user_id: userId, language: e.language, level: e.level })] : [];
    }),
    when(UserDeleted, (e) => [remove('library_reader_levels', { user_id: e.userId })]),
  ],
});
