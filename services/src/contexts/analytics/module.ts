import type { Module } from '../../platform/module';
import type { Mappers } from './events';
import { ANALYTICS_PROJECTION, analyticsProjection } from './projections/analytics';
import { AnalyticsQueries } from './queries';
import { readAfterFor } from '../../platform/http/read-your-writes';
import { analyticsRoutes, learnerAnalyticsRoutes } from './routes';

/**
 * Analytics: language, user and historical figures for admins and analysts, projected from the public
 * facts of the other contexts. `mappers` are those contexts' integration mappers (runtime/modules.ts).
 */
export function createAnalyticsModule(mappers: Mappers): Module {
  return {
    name: 'analytics',
    projections: [analyticsProjection(mappers)],
    routes(app, deps) {
      const queries = new AnalyticsQueries(deps.db);
      analyticsRoutes(app, deps.auth, queries, deps.now);
      learnerAnalyticsRoutes(app, deps.auth, queries, deps.now, readAfterFor(deps.projections, [ANALYTICS_PROJECTION]));
    },
  };
}
