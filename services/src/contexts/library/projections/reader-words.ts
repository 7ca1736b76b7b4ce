import type { Projection } from '../../../platform/projections/projection';
import { StatisticsKeeper } from '../../../platform/projections/statistics-keeper';
import { wordHash } from '../domain/word-hash';
import { UserDeleted } from '../../identity/published';
import { WordStatusChanged } from '../../vocabulary/published';
import { readEventData } from '../../../platform/decider/events';
import { writeRows, type Column } from '../../../platform/projections/bulk-load';

const KEY: readonly Column[] = [['user_id', 'uuid'], ['language', 'text'], ['word_hash', 'bigint']];
const COLUMNS: readonly Column[] = [...KEY, ['status', 'text']];

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
  async apply(events, ctx) {
    const { trx, t } = ctx;
    const table = t('library_reader_words');
    // A batch collapses to each word's last status; then one write (upsert and delete).
    let latest = new Map<string, [userId: string, language: string, wordHash: string, status: string]>();
    const flush = async () => {
      const rows = [...latest.values()];
      latest = new Map();
      const kept = rows.filter((r) => r[3] !== 'new');
      await writeRows(trx, table, { cols: COLUMNS, rows: kept, conflict: { key: ['user_id', 'language', 'word_hash'], merge: 'status = excluded.status' } }, { cols: KEY, keys: rows.filter((r) => r[3] === 'new') });
      await statistics.wrote(ctx, table, kept.length);
    };
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        await flush();
        await trx(table).where({ user_id: readEventData(UserDeleted, recorded).userId }).delete();
        continue;
      }
      const data = readEventData(WordStatusChanged, recorded);
      latest.set(`${data.userId}\u0000${data.language}\u0000${data.word}`, [data.userId, data.language, wordHash(data.language, data.word), data.status]);
    }
    await flush();
  },
};
