import type { Projection } from '../../../platform/projections/projection';
import { factOf, type Fact, type Mappers } from '../events';
import { AnalyticsBatch } from './fold';
import { ANALYTICS_TABLES, createAnalyticsTables } from './tables';

export const ANALYTICS_PROJECTION = 'analytics';
const ANALYTICS_BATCH_INTERVAL_MS = 100;

/**
 * The analytics read model: users, their languages, per-day activity, words, cards, and anonymous per-day
 * reads of articles and completions of chapters. Built from the public facts (see events.ts), so the
 * mappers of the contexts that publish them are passed in. `asOfTime` lets the runner rebuild it for
 * any past date from the log: the facts that had happened by then.
 */
export function analyticsProjection(mappers: Mappers): Projection {
  const facts = (events: Parameters<Projection['apply']>[0]) => events.map((e) => factOf(mappers, e)).filter((f): f is Fact => f !== null);
  return {
    name: ANALYTICS_PROJECTION,
    // 2: per-day rollups for the language analytics query (rollups.ts). 3: cards held, with their schedule.
    // 4: an undone review no longer counts.
    version: 4,
    tables: ANALYTICS_TABLES,
    eventTypes: Object.keys(mappers),
    // Dashboards, not the page a learner marks words on: batches of a tenth of a second under load cost a
    // fraction a mark of a transaction every few milliseconds (services/bench/NOTES.md).
    minBatchIntervalMs: ANALYTICS_BATCH_INTERVAL_MS,
    setup: createAnalyticsTables,
    async apply(events, { trx, t }) {
      await new AnalyticsBatch(trx, t).apply(facts(events));
    },
    bulk() {
      const fold = new AnalyticsBatch();
      // The runner folds the log's events without parsing each again (validated on append).
      return { add: (events) => fold.fold(facts(events)), write: ({ trx, t }) => fold.writeTo(trx, t) };
    },
    asOfTime(event) {
      const fact = factOf(mappers, event);
      return fact ? new Date(fact.occurredAt) : null;
    },
  };
}
