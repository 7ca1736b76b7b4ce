import type { Knex } from 'knex';
import { familyBase, type BaseSource, type LearningLanguage } from '@verba/contracts';
import { baseForms } from '../../platform/base-forms';
import { familyOverrides } from './domain/family-overrides';
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

  /** Each word's base word as this learner sees it: their own choice, else an admin's correction, else the dictionary's. */
  async families(
    userId: string,
    language: LearningLanguage,
    words: readonly string[],
  ): Promise<{ value: string; base: string; source: BaseSource }[]> {
    const [forms, overrides] = await Promise.all([baseForms.of(language), familyOverrides(this.db, userId, language, words)]);
    return words.map((value) => ({ value, ...familyBase(value, (w) => forms.baseOf(w), overrides) }));
  }

  /** A form's base word by the dictionary and an admin's correction of it (the admin's look-up). */
  async correction(language: LearningLanguage, word: string) {
    const [forms, row] = await Promise.all([
      baseForms.of(language),
      this.db('vocabulary_base_corrections')
        .where({ language, word })
        .first<{ base: string; corrected_by: string; corrected_at: Date } | undefined>(),
    ]);
    return {
      dictionaryBase: forms.baseOf(word),
      correction: row ? { base: row.base, correctedBy: row.corrected_by, correctedAt: new Date(row.corrected_at).toISOString() } : null,
    };
  }
}
