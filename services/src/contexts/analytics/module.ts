import type { Module } from '../../platform/module';
import { familyOverrides } from '../vocabulary/published';
import type { Mappers } from './events';
import { analyticsProjection } from './projections/analytics';
import { AnalyticsQueries } from './queries';
import { analyticsRoutes, learnerAnalyticsRoutes } from './routes';

/**
 * Analytics: language, user and historical figures for admins and analysts, projected from the public
 * facts of the other contexts. `mappers` are those contexts' integration mappers (runtime/modules.ts).
 */
export function createAnalyticsModule(mappers: Mappers): Module {
  const projection = analyticsProjection(mappers);
  return {
    name: 'analytics',
    projections: [projection],
    routes(app, deps) {
      // Families count as each learner sees them: their own splits and base words, admins' corrections (vocabulary's read model).
      const queries = new AnalyticsQueries(deps.db, undefined, (userId, language) => familyOverrides(deps.db, userId, language));
      analyticsRoutes(app, deps, queries, deps.now);
      learnerAnalyticsRoutes(app, deps, queries, deps.now, projection, deps.timeZones);
    },
  };
}
