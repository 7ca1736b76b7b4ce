import { writesAsStatements, type Projection, type StatementContext, type WriteStatement } from '../../../platform/projections/projection';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { StatisticsKeeper } from '../../../platform/projections/statistics-keeper';
import { wordHash } from '../domain/word-hash';
import { UserDeleted } from '../../identity/published';
import { WordStatusChanged } from '../../vocabulary/published';
import { readEventData } from '../../../platform/decider/events';
import { latestRowsStatements, type Column } from '../../../platform/projections/bulk-load';

const KEY: readonly Column[] = [
  ['user_id', 'uuid'],
  ['language', 'text'],
  ['word_hash', 'bigint'],
];
const COLUMNS: readonly Column[] = [...KEY, ['status', 'text']];

/**
 * The library keeps its own copy of each reader's known and uncertain words from vocabulary's published
 * `WordStatusChanged` and never reads vocabulary's tables.
 */
const statistics = new StatisticsKeeper();

type Row = readonly [userId: string, language: string, wordHash: string, status: string];

/** A batch collapsed to each word's last status; then one write (upsert and delete). */
function readerWordsStatements(events: RecordedEvent[], ctx: StatementContext): WriteStatement[] {
  const table = ctx.t('library_reader_words');
  let kept = 0;
  const writes = latestRowsStatements<Row>(events, {
    table,
    rowOf(e) {
      if (e.type === UserDeleted.type) return { erase: readEventData(UserDeleted, e).userId };
      const data = readEventData(WordStatusChanged, e);
      return [data.userId, data.language, wordHash(data.language, data.word), data.status];
    },
    keep: (r) => r[3] !== 'new',
    write: { cols: COLUMNS, conflict: { key: ['user_id', 'language', 'word_hash'], merge: 'status = excluded.status' } },
    removeBy: KEY,
    upserted: (n) => void (kept += n),
  });
  return [...writes, ...statistics.statements(ctx, table, kept)];
}

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
  ...writesAsStatements(readerWordsStatements),
};
