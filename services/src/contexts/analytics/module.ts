import type { Module } from '../../platform/module';
import type { Mappers } from './events';
import { analyticsProjection } from './projections/analytics';
import { AnalyticsQueries } from './queries';
import { analyticsRoutes } from './routes';

/**
 * Analytics: language, user and historical figures for admins and analysts, projected from the public
 * facts of the other contexts. `mappers` are those contexts' integration mappers (runtime/modules.ts).
 */
export function createAnalyticsModule(mappers: Mappers): Module {
  return {
    name: 'analytics',
    projections: [analyticsProjection(mappers)],
    routes(app, deps) {
      analyticsRoutes(app, deps.auth, new AnalyticsQueries(deps.db), deps.now);
    },
  };
}
