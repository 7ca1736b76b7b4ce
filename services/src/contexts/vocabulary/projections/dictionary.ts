import type { EntryStatus } from '@verba/contracts';
import { RowListCache, defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { WordStatusChanged } from '../events';
import { UserDeleted } from '../../identity/published';

export interface DictionaryEntry {
  value: string;
  status: EntryStatus;
}

/**
 * Dictionaries as last read, per learner and language, in the query's order (`collate "C"`): brought up to
 * date from each batch's changes, so a learner who marks a word and reads the dictionary needs no query.
 */
export const dictionaryCache = new RowListCache<DictionaryEntry>({
  table: 'dictionary_entries',
  groupBy: ['user_id', 'language'],
  sortBy: 'word',
  entry: (row) => ({ value: row.word as string, status: row.status as DictionaryEntry['status'] }),
  sortKey: (entry) => entry.value,
});
export const dictionaryKey = (userId: string, language: string) => dictionaryCache.keyOf(userId, language);

/**
 * The learner's dictionary: one row per known, uncertain or ignored word (`new` takes a word out). Ignored
 * rows needed no new version: the table is the same, and no event before them held that status.
 */
export const dictionaryProjection = defineProjection({
  name: 'vocabulary-dictionary',
  version: 1,
  tables: {
    dictionary_entries: {
      key: ['user_id', 'language', 'word'],
      columns: { user_id: 'uuid', language: 'text', word: 'text', status: 'text', updated_at: 'timestamptz' },
    },
  },
  caches: [dictionaryCache],
  on: [
    when(WordStatusChanged, ({ userId, language, word, status, at }) => [
      status === 'new'
        ? remove('dictionary_entries', { user_id: userId, language, word })
        : upsert('dictionary_entries', { user_id: userId, language, word, status, updated_at: at }),
    ]),
    when(UserDeleted, (e) => [remove('dictionary_entries', { user_id: e.userId })]),
  ],
});
