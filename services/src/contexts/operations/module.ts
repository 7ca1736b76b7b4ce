import type { Module } from '../../platform/module';
import { perRuntime } from '../../platform/per-runtime';
import { migrateRebuilds, Rebuilds } from './domain/rebuilds';
import { FragmentEnvironments } from './queries/fragments';
import { OperationsQueries } from './queries/overview';
import { operationsRoutes } from './routes';

/** One set of rebuilds per runtime, so a test can wait for the ones its app started. */
export const rebuildsOf = perRuntime((deps) => new Rebuilds(deps));

/**
 * Operations (issue 45.4): the admin page that shows how the projections, the relay and reactors, the log,
 * the worker pool and the published fragments stand, and rebuilds a read model. Everything is read when an
 * admin asks; nothing runs in the background but a rebuild an admin started.
 */
export const operationsModule: Module = {
  name: 'operations',
  migrate: migrateRebuilds,
  routes(app, deps) {
    const rebuilds = rebuildsOf.of(deps);
    const queries = new OperationsQueries(deps, new FragmentEnvironments(deps.config, deps.log), () => rebuilds.latest(deps.people));
    operationsRoutes(app, deps, queries, rebuilds);
  },
};
