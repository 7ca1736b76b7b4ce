import { defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { wordHash } from '../domain/word-hash';
import { UserDeleted } from '../../identity/published';
import { BaseCorrected, OwnBaseChosen } from '../../vocabulary/published';

/**
 * What changes a form's family besides the bundled dictionary's link, as the labels and "learn these first"
 * count it (contracts' familyBase): each learner's own choices (a base word set by hand, or the form itself
 * when split off, "not the same word"; a rejoined form has no row) and admins' corrections for everyone (one
 * taken back has no row). The library keeps its own copy from vocabulary's published events, with the hashes
 * its label query compares: `word_hash` the form's, `family_hash` wordHash of the chosen base word (taken as
 * given, like familyBase: not looked up in the dictionary again).
 */
export const familiesProjection = defineProjection({
  name: 'library-families',
  version: 1,
  tables: {
    library_own_families: {
      key: ['user_id', 'language', 'word_hash'],
      columns: { user_id: 'uuid', language: 'text', word_hash: 'bigint', word: 'text', base: 'text', family_hash: 'bigint' },
    },
    library_family_corrections: {
      key: ['language', 'word_hash'],
      columns: { language: 'text', word_hash: 'bigint', word: 'text', base: 'text', family_hash: 'bigint' },
    },
  },
  on: [
    when(OwnBaseChosen, ({ userId, language, word, base }) => {
      const key = { user_id: userId, language, word_hash: wordHash(language, word) };
      return [
        base === null
          ? remove('library_own_families', key)
          : upsert('library_own_families', { ...key, word, base, family_hash: wordHash(language, base) }),
      ];
    }),
    when(BaseCorrected, ({ language, word, base }) => {
      const key = { language, word_hash: wordHash(language, word) };
      return [
        base === null
          ? remove('library_family_corrections', key)
          : upsert('library_family_corrections', { ...key, word, base, family_hash: wordHash(language, base) }),
      ];
    }),
    when(UserDeleted, (e) => [remove('library_own_families', { user_id: e.userId })]),
  ],
});
