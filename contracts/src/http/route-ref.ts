import type { RouteDef } from './route';

/**
 * A route by method and path only, typed by its definition (`D`) but without its schemas, so code that
 * must not load zod (the shell's first load) can still call it by name. Each one is checked against its
 * route in first-load.test.ts.
 */
export interface RouteRef<D extends RouteDef = RouteDef> {
  readonly method: D['method'];
  readonly path: D['path'];
  /** Never set: carries the route's type. */
  readonly route?: D;
}

export const routeRef = <D extends RouteDef>(method: D['method'], path: D['path']): RouteRef<D> => ({ method, path });
