import { writesAsStatements, type Projection, type StatementContext, type WriteStatement } from '../../../platform/projections/projection';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { UserDeleted } from '../../identity/published';
import { WordStatusChanged } from '../../vocabulary/published';
import { readEventData } from '../../../platform/decider/events';
import { latestRowsStatements, type Column } from '../../../platform/projections/bulk-load';
import { StatisticsKeeper } from '../../../platform/projections/statistics-keeper';

const KEY: readonly Column[] = [
  ['user_id', 'uuid'],
  ['language', 'text'],
  ['word', 'text'],
];

/**
 * Every batch deletes the words that stopped being Uncertain; on a fresh table without statistics the
 * planner scanned the whole table for it (1.4 ms a batch under the API benchmark's mark load).
 */
const statistics = new StatisticsKeeper();

type Row = readonly [userId: string, language: string, word: string, uncertain: boolean];

/**
 * One statement per batch (insert and delete), not a round trip per event: a projector's transaction holds
 * back every reader's view of the log while it is open, so it must be short.
 */
function uncertainWordsStatements(events: RecordedEvent[], ctx: StatementContext): WriteStatement[] {
  const table = ctx.t('practice_uncertain_words');
  let added = 0;
  const writes = latestRowsStatements<Row>(events, {
    table,
    rowOf(e) {
      if (e.type === UserDeleted.type) return { erase: readEventData(UserDeleted, e).userId };
      const { userId, language, word, status } = readEventData(WordStatusChanged, e);
      return [userId, language, word, status === 'uncertain'];
    },
    keep: (r) => r[3],
    write: { cols: KEY, conflict: { key: ['user_id', 'language', 'word'], merge: null } },
    removeBy: KEY,
    upserted: (n) => void (added += n),
  });
  return [...writes, ...statistics.statements(ctx, table, added)];
}

/** Words each learner has as Uncertain, so the quick quiz asks about them first. */
export const uncertainWordsProjection: Projection = {
  name: 'practice-uncertain-words',
  version: 1,
  tables: ['practice_uncertain_words'],
  eventTypes: [WordStatusChanged.type, UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('practice_uncertain_words'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.text('language').notNullable();
      tb.text('word').notNullable();
      tb.primary(['user_id', 'language', 'word']);
    });
  },
  ...writesAsStatements(uncertainWordsStatements),
};
