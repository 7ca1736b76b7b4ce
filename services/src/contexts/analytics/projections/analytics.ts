import type { Projection } from '../../../platform/projections/projection';
import { factOf, type Fact, type Mappers } from '../events';
import { AnalyticsBatch } from './fold';
import { ANALYTICS_TABLES, createAnalyticsTables } from './tables';

export const ANALYTICS_PROJECTION = 'analytics';

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
    version: 1,
    tables: ANALYTICS_TABLES,
    eventTypes: Object.keys(mappers),
    setup: createAnalyticsTables,
    async apply(events, { trx, t }) {
      await new AnalyticsBatch(trx, t).apply(facts(events));
    },
    asOfTime(event) {
      const fact = factOf(mappers, event);
      return fact ? new Date(fact.occurredAt) : null;
    },
  };
}
