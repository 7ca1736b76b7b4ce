import { z } from 'zod';
import { LearningLanguageSchema, WordStatusSchema } from '@verba/contracts';
import type { Projection } from '../../platform/projections/projection';
import { StatisticsKeeper } from './statistics';
import { wordHash } from './word-hash';

/**
 * The vocabulary context's `vocabulary.WordStatusChanged` (v1), read by type: the library keeps its own
 * copy of each reader's known and uncertain words and never reads vocabulary's tables. Contexts may not
 * import each other's code, so the fields used are parsed here from the shared contract types.
 */
const WORD_STATUS_CHANGED = 'vocabulary.WordStatusChanged';
const WordStatusChangedData = z.object({ userId: z.uuid(), language: LearningLanguageSchema, word: z.string().min(1), status: WordStatusSchema });
const statistics = new StatisticsKeeper();
const USER_DELETED = 'identity.UserDeleted';
const UserDeletedData = z.object({ userId: z.uuid() });

/** Each reader's known and uncertain words, for labelling articles' difficulty in SQL. */
export const readerWordsProjection: Projection = {
  name: 'library-reader-words',
  version: 1,
  tables: ['library_reader_words'],
  eventTypes: [WORD_STATUS_CHANGED, USER_DELETED],
  async setup(trx, t) {
    await trx.schema.createTable(t('library_reader_words'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.text('language').notNullable();
      tb.bigInteger('word_hash').notNullable();
      tb.text('status').notNullable();
      tb.primary(['user_id', 'language', 'word_hash']);
    });
  },
  async apply(events, { trx, t }) {
    const table = t('library_reader_words');
    // A batch collapses to each word's last status; then one upsert and one delete.
    let latest = new Map<string, { user_id: string; language: string; word_hash: string; status: string }>();
    const flush = async () => {
      const rows = [...latest.values()];
      latest = new Map();
      const kept = rows.filter((r) => r.status !== 'new');
      const removed = rows.filter((r) => r.status === 'new');
      for (let i = 0; i < kept.length; i += 5000) {
        await trx(table).insert(kept.slice(i, i + 5000)).onConflict(['user_id', 'language', 'word_hash']).merge(['status']);
      }
      await statistics.wrote(trx, table, kept.length);
      if (removed.length) await trx(table).whereIn(['user_id', 'language', 'word_hash'], removed.map((r) => [r.user_id, r.language, r.word_hash])).delete();
    };
    for (const recorded of events) {
      if (recorded.type === USER_DELETED) {
        await flush();
        await trx(table).where({ user_id: UserDeletedData.parse(recorded.data).userId }).delete();
        continue;
      }
      if (recorded.version !== 1) throw new Error(`${WORD_STATUS_CHANGED} v${recorded.version} is newer than this projection`);
      const data = WordStatusChangedData.parse(recorded.data);
      latest.set(`${data.userId}\u0000${data.language}\u0000${data.word}`, { user_id: data.userId, language: data.language, word_hash: wordHash(data.language, data.word), status: data.status });
    }
    await flush();
  },
};
