import { defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import { WordStatusChanged } from '../../vocabulary/published';

/** Words each learner has as Uncertain, so the quick quiz asks about them first. */
export const uncertainWordsProjection = defineProjection({
  name: 'practice-uncertain-words',
  version: 1,
  tables: {
    practice_uncertain_words: {
      key: ['user_id', 'language', 'word'],
      columns: { user_id: 'uuid', language: 'text', word: 'text' },
      // Every batch deletes the words that stopped being Uncertain; without statistics the planner scanned the
      // whole table for it (1.4 ms a batch under the API benchmark's mark load).
      growsFast: true,
    },
  },
  on: [
    when(WordStatusChanged, ({ userId, language, word, status }) => {
      const row = { user_id: userId, language, word };
      return [status === 'uncertain' ? upsert('practice_uncertain_words', row) : remove('practice_uncertain_words', row)];
    }),
    when(UserDeleted, (e) => [remove('practice_uncertain_words', { user_id: e.userId })]),
  ],
});
