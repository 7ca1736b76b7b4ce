import { QueryClient, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
// Through the package name, not relative paths: this entry is its own shared module, and must reach
// the one session and client of the main kit singleton.
import { ApiError, client, session, type CallInput, type RouteDef } from '@verba/kit';

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

// Nothing cached for one user may be shown to the next one on this browser.
let signedInAs: string | undefined;
session.subscribe((state) => {
  const uid = state.user?.uid;
  if (uid !== signedInAs) queryClient.clear();
  signedInAs = uid;
});

type Output<D extends RouteDef> = z.output<D['response']>;
type Input<D extends RouteDef> = Omit<CallInput<D>, 'signal'>;

/** The cache key of a GET: the route and what fills it. */
export const routeKey = <D extends RouteDef>(route: D, input: Input<D> = {}) =>
  [route.method, route.path, input.params ?? null, input.query ?? null] as const;

/** A GET of a contract route through TanStack Query. */
export function useRouteQuery<D extends RouteDef, Data = Output<D>>(
  route: D,
  input: Input<D> = {},
  options: Omit<UseQueryOptions<Output<D>, ApiError, Data>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<Output<D>, ApiError, Data>({
    queryKey: routeKey(route, input),
    queryFn: ({ signal }) => client.call(route, { ...input, signal }),
    ...options,
  });
}

/**
 * Marks stale every cached GET under these path prefixes (e.g. ['/api/flashcards']), in every fragment:
 * the cache is shared, so this is how one fragment's write reaches another's view. Routes in `except`
 * are left alone (a cache the writer has already updated itself).
 */
export function invalidatePaths(prefixes: readonly string[], except: readonly string[] = []): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = String(query.queryKey[1] ?? '');
      return prefixes.some((p) => path.startsWith(p)) && !except.includes(path);
    },
  });
}
