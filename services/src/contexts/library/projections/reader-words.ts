import { defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { familyHash, wordHash } from '../domain/word-hash';
import { UserDeleted } from '../../identity/published';
import { WordStatusChanged } from '../../vocabulary/published';

/**
 * Each reader's known, uncertain and ignored words, for labelling articles' difficulty in SQL (Ignored ones
 * to count nowhere), each with its family's hash (its base word's: a reader who knows "ging" knows the
 * family of "gehen"). The library keeps its own copy from vocabulary's published `WordStatusChanged` and
 * never reads vocabulary's tables.
 */
export const readerWordsProjection = defineProjection({
  name: 'library-reader-words',
  // 2: family_hash (word families, issue 38.2); the rebuild fills it for every word marked before.
  version: 2,
  tables: {
    library_reader_words: {
      key: ['user_id', 'language', 'word_hash'],
      columns: { user_id: 'uuid', language: 'text', word_hash: 'bigint', family_hash: 'bigint', status: 'text' },
      growsFast: true,
    },
  },
  on: [
    when(WordStatusChanged, ({ userId, language, word, status }) => {
      const key = { user_id: userId, language, word_hash: wordHash(language, word) };
      return [
        status === 'new'
          ? remove('library_reader_words', key)
          : upsert('library_reader_words', { ...key, family_hash: familyHash(language, word), status }),
      ];
    }),
    when(UserDeleted, (e) => [remove('library_reader_words', { user_id: e.userId })]),
  ],
});
