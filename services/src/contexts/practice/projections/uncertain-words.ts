import type { Projection } from '../../../platform/projections/projection';
import { UserDeleted } from '../../identity/published';
import { WordStatusChanged } from '../../vocabulary/published';
import { readEventData } from '../../../platform/decider/events';
import { writeRows, type Column } from '../../../platform/projections/bulk-load';
import { StatisticsKeeper } from '../../../platform/projections/statistics-keeper';

const KEY: readonly Column[] = [['user_id', 'uuid'], ['language', 'text'], ['word', 'text']];

/**
 * Every batch deletes the words that stopped being Uncertain; on a fresh table without statistics the
 * planner scanned the whole table for it (1.4 ms a batch under the API benchmark's mark load).
 */
const statistics = new StatisticsKeeper();

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
  async apply(events, ctx) {
    const { trx, t } = ctx;
    const table = t('practice_uncertain_words');
    // One statement per batch (insert and delete), not a round trip per event: a projector's transaction holds
    // back every reader's view of the log while it is open, so it must be short.
    let latest = new Map<string, { row: [userId: string, language: string, word: string]; uncertain: boolean }>();
    const flush = async () => {
      const changes = [...latest.values()];
      latest = new Map();
      const added = changes.filter((c) => c.uncertain).map((c) => c.row);
      const removed = changes.filter((c) => !c.uncertain).map((c) => c.row);
      await writeRows(trx, table, { cols: KEY, rows: added, conflict: { key: ['user_id', 'language', 'word'], merge: null } }, { cols: KEY, keys: removed });
      await statistics.wrote(ctx, table, added.length);
    };
    for (const e of events) {
      if (e.type === UserDeleted.type) {
        await flush();
        await trx(table).where({ user_id: readEventData(UserDeleted, e).userId }).delete();
        continue;
      }
      const { userId, language, word, status } = readEventData(WordStatusChanged, e);
      latest.set(`${userId}\u0000${language}\u0000${word}`, { row: [userId, language, word], uncertain: status === 'uncertain' });
    }
    await flush();
  },
};
