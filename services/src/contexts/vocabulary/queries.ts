import type { Knex } from 'knex';
import { levelHint, type LearningLanguage, type Level } from '@verba/contracts';
import type { ReadCache } from '../../platform/projections/read-cache';
import { dictionaryKey, type DictionaryEntry } from './projections/dictionary';

/** Reads of a learner's dictionary. */
export class VocabularyQueries {
  constructor(
    private readonly db: Knex,
    /** Only where the projector runs in this process (it invalidates the cache). */
    private readonly cache: ReadCache<DictionaryEntry[]> | undefined,
  ) {}

  async dictionary(userId: string, language: LearningLanguage): Promise<DictionaryEntry[]> {
    const load = async (): Promise<DictionaryEntry[]> =>
      (
        await this.db.raw(
          'select word as value, status from dictionary_entries where user_id = ? and language = ? order by word',
          [userId, language],
        )
      ).rows;
    return this.cache ? this.cache.get(dictionaryKey(userId, language), load) : load();
  }

  async analytics(userId: string, language: LearningLanguage): Promise<{ known: number; uncertain: number; total: number; levelHint: Level }> {
    const rows: { status: string; count: string }[] = await this.db('dictionary_entries')
      .where({ user_id: userId, language })
      .groupBy('status')
      .select('status')
      .count({ count: '*' });
    const known = Number(rows.find((r) => r.status === 'known')?.count ?? 0);
    const uncertain = Number(rows.find((r) => r.status === 'uncertain')?.count ?? 0);
    return { known, uncertain, total: known + uncertain, levelHint: levelHint({ known, uncertain }) };
  }
}
