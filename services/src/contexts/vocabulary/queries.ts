import type { Knex } from 'knex';
import type { LearningLanguage } from '@verba/contracts';
import type { RowListCache } from '../../platform/projections/declare';
import { dictionaryKey, type DictionaryEntry } from './projections/dictionary';

/** Reads of a learner's dictionary. */
export class VocabularyQueries {
  constructor(
    private readonly db: Knex,
    /** The dictionary projection's declared cache, where the projector runs in this process (it keeps the lists up to date). */
    private readonly cache: Pick<RowListCache<DictionaryEntry>, 'get'> | undefined,
  ) {}

  /** In code point order (see compareWords), the order the cached copies keep. */
  async dictionary(userId: string, language: LearningLanguage): Promise<DictionaryEntry[]> {
    const load = async (): Promise<DictionaryEntry[]> =>
      (
        await this.db.raw(
          'select word as value, status from dictionary_entries where user_id = ? and language = ? order by word collate "C"',
          [userId, language],
        )
      ).rows;
    return this.cache ? this.cache.get(dictionaryKey(userId, language), load) : load();
  }
}
