import type { z } from 'zod';
import { buildPath } from '@verba/contracts/client';
import type { RouteRef } from '@verba/contracts/http';
import { client, type CallInput, type RouteDef } from './api';
import { comparePositions, positions } from './positions';

/** True when the route's contract query takes `minPosition` (the API then answers once it has read that far). */
export const takesMinPosition = (route: RouteDef): boolean => route.query !== undefined && 'minPosition' in route.query.shape;

/** Whether the caller chose the position itself (`{ minPosition: held }`): then the read leaves it alone. */
export const choosesPosition = (query: unknown): boolean => typeof query === 'object' && query !== null && 'minPosition' in query;

/** The later of two positions (either may be missing). */
export const laterPosition = (a: string | undefined, b: string | undefined): string | undefined =>
  !a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b;

/**
 * A read of a contract route with read-your-writes: a route whose query takes `minPosition` is read at
 * this tab's latest write, once the writes still in flight have answered (unless the caller chose a
 * position). `useRouteQuery` reads through this; call it directly only outside React's render (a
 * "Load more" page, a read in an event handler).
 */
export async function readRoute<D extends RouteDef>(
  route: D,
  input: CallInput<D> = {},
  atLeastPosition?: string,
): Promise<z.output<D['response']>> {
  if (!takesMinPosition(route) || choosesPosition(input.query)) return client.call(route, input);
  const minPosition = laterPosition(atLeastPosition, await positions.settled());
  return client.call(route, { ...input, query: { ...(input.query as object), ...(minPosition ? { minPosition } : {}) } } as CallInput<D>);
}

/**
 * A call by a route's method and path only (a `RouteRef` of @verba/contracts/http), typed by the route but
 * not parsed: for the shell's first load (the sign-in page, start-up, the banner check), where the route
 * schemas would bring classic zod (about 25 KiB gzip) into the initial bundle. The caller checks what it
 * relies on; everywhere else, call the route itself.
 */
export async function callRef<D extends RouteDef>(ref: RouteRef<D>, input: CallInput<D> = {}): Promise<z.output<D['response']>> {
  return (await client.send(ref.method, buildPath(ref.path, input.params as Record<string, unknown> | undefined), {
    query: input.query as Record<string, unknown> | undefined,
    body: input.body,
    signal: input.signal,
    expireOn401: input.expireOn401,
  })) as z.output<D['response']>;
}
