import type { Projection } from '../../../platform/projections/projection';
import { StatisticsKeeper } from './statistics';
import { wordHash } from '../domain/word-hash';
import { UserDeleted } from '../../identity/published';
import { WordStatusChanged } from '../../vocabulary/published';
import { readEventData } from '../../../platform/decider/events';

/**
 * The library keeps its own copy of each reader's known and uncertain words from vocabulary's published
 * `WordStatusChanged` and never reads vocabulary's tables.
 */
const statistics = new StatisticsKeeper();

/** Each reader's known and uncertain words, for labelling articles' difficulty in SQL. */
export const readerWordsProjection: Projection = {
  name: 'library-reader-words',
  version: 1,
  tables: ['library_reader_words'],
  eventTypes: [WordStatusChanged.type, UserDeleted.type],
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
      if (recorded.type === UserDeleted.type) {
        await flush();
        await trx(table).where({ user_id: readEventData(UserDeleted, recorded).userId }).delete();
        continue;
      }
      const data = readEventData(WordStatusChanged, recorded);
      latest.set(`${data.userId}\u0000${data.language}\u0000${data.word}`, { user_id: data.userId, language: data.language, word_hash: wordHash(data.language, data.word), status: data.status });
    }
    await flush();
  },
};
