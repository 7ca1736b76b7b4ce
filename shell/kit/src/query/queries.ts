import { useCallback, useState } from 'react';
import { QueryClient, isCancelledError, useQuery, type Query, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
// Through the package name, not relative paths: this entry is its own shared module, and must reach
// the one session, client and position store of the main kit singleton.
import { ApiError, choosesPosition, positions, readRoute, session, takesMinPosition, type CallInput, type RouteDef } from '@verba/kit';
import { useMinPosition } from './position';

/** A client error will not change on retry; a network or server failure may. */
const retry = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

/** One cache for the shell and every fragment (the kit is a singleton), so fragments share server state. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Nothing cached for one user may be shown to the next one on this browser. Until the session is known
// (a page's start), what is read goes out with this browser's cookies, so it is the user the session then
// names: that first answer keeps the cache. Clearing there threw away a page already on screen and remounted
// it (a tapped flashcard turned back when /api/user answered after the cards).
let signedInAs: string | null | undefined; // undefined: not known yet
session.subscribe((state) => {
  if (state.status !== 'ready') return;
  const uid = state.user?.uid ?? null;
  if (signedInAs !== undefined && uid !== signedInAs) queryClient.clear();
  signedInAs = uid;
});

type Output<D extends RouteDef> = z.output<D['response']>;
type Input<D extends RouteDef> = Omit<CallInput<D>, 'signal'>;

/** The cache key of a GET: the route and what fills it. */
export const routeKey = <D extends RouteDef>(route: D, input: Input<D> = {}) =>
  [route.method, route.path, input.params ?? null, input.query ?? null] as const;

/** The input with the position a read waits for (none before any write: the plain cache key). */
const atPosition = <D extends RouteDef>(input: Input<D>, position: string | undefined) =>
  ({ ...input, query: { ...(input.query as object), ...(position ? { minPosition: position } : {}) } }) as Input<D>;

type AnyQuery = Query<unknown, Error, unknown, readonly unknown[]>;
const withoutPosition = (key: readonly unknown[]) =>
  JSON.stringify(key.slice(0, 3)) + JSON.stringify({ ...(key[3] as object), minPosition: 0 });

/**
 * A GET of a contract route through TanStack Query. Read-your-writes by itself: for a route whose
 * contract query takes `minPosition`, the read carries this tab's latest write position (part of the cache
 * key, so a write re-reads every view of such a route, the previous answer kept on screen meanwhile) and
 * first lets writes still in flight answer. A caller that sets `minPosition` itself (a round held at its
 * start, see `useHeldPosition`) keeps that.
 */
export function useRouteQuery<D extends RouteDef, Data = Output<D>>(
  route: D,
  input: Input<D> = {},
  options: Omit<UseQueryOptions<Output<D>, ApiError, Data>, 'queryKey' | 'queryFn'> = {},
) {
  const latest = useMinPosition();
  const fresh = takesMinPosition(route) && !choosesPosition(input.query);
  const read = fresh ? atPosition(input, latest) : input;
  const queryKey = routeKey(route, read);
  // The previous answer stays on screen while the same read at a newer position loads. One function per
  // read (not per render): TanStack recomputes a placeholder, and runs `select` on it again, whenever the
  // function changes, so a new one each render gave a new `data` each render, and a component whose
  // effect follows `data` re-rendered without end (React #185, the reader after a mark).
  const unpositioned = withoutPosition(queryKey);
  const placeholder = useCallback(
    (previous: Output<D> | undefined, previousQuery: AnyQuery | undefined) =>
      (previousQuery && withoutPosition(previousQuery.queryKey) === unpositioned ? previous : undefined) as Output<D> | undefined,
    [unpositioned],
  );
  return useQuery<Output<D>, ApiError, Data>({
    queryKey,
    queryFn: ({ signal }) => readRoute(route, { ...input, signal } as CallInput<D>, latest),
    ...(fresh && !('placeholderData' in options)
      ? { placeholderData: placeholder as UseQueryOptions<Output<D>, ApiError, Data>['placeholderData'] }
      : {}),
    ...options,
  });
}

/**
 * The same read outside React (an event handler, a "Load more"): the cache when it holds the read at this
 * tab's latest position and is fresh (`staleTime`), else a read-your-writes read through the kit.
 */
export function fetchRoute<D extends RouteDef>(
  route: D,
  input: Input<D> = {},
  { staleTime }: { staleTime?: number } = {},
): Promise<Output<D>> {
  const latest = positions.latest();
  const fresh = takesMinPosition(route) && !choosesPosition(input.query);
  const read = fresh ? atPosition(input, latest) : input;
  const fetch = () =>
    queryClient.fetchQuery({
      queryKey: routeKey(route, read),
      queryFn: ({ signal }) => readRoute(route, { ...input, signal } as CallInput<D>, latest),
      ...(staleTime !== undefined ? { staleTime } : {}),
    });
  // A view that shared this read in flight and left it (a write moved it on to a newer position) cancels
  // it: this caller still wants the answer, so it reads again, once.
  return fetch().catch((error: unknown) => (isCancelledError(error) ? fetch() : Promise.reject(error)));
}

/**
 * A read that waits for a change no write of this tab made, so no position can name it (Stripe's webhook
 * after a checkout makes the account Master in its own time): while `until(data)` is false it reads again
 * every `everyMs`, for at most `forMs` after the component mounted. `waiting` is true meanwhile. The one
 * polling of the front end; anything this tab wrote itself is read at its position instead.
 */
export function useRouteQueryUntil<D extends RouteDef>(
  route: D,
  input: Input<D>,
  { until, forMs, everyMs }: { until: (data: Output<D> | undefined) => boolean; forMs: number; everyMs: number },
  options: Omit<UseQueryOptions<Output<D>, ApiError, Output<D>>, 'queryKey' | 'queryFn' | 'refetchInterval'> = {},
) {
  const [mountedAt] = useState(Date.now);
  const waitingAt = (data: Output<D> | undefined, readAt: number) => !until(data) && readAt - mountedAt < forMs;
  const query = useRouteQuery(route, input, {
    ...options,
    refetchInterval: (q) => (waitingAt(q.state.data, q.state.dataUpdatedAt) ? everyMs : false),
  });
  return { ...query, waiting: waitingAt(query.data, query.dataUpdatedAt) };
}
