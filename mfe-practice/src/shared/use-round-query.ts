import type { CallInput, RouteDef } from '@verba/kit';
import { useHeldPosition, useRouteQuery } from '@verba/kit/query';

/**
 * A GET for one round of a game or session: fetched when the page opens (after this browser's
 * writes) and then held at that position, so ratings sent during the round do not reshuffle it.
 * `nextRound()` moves it to the latest position (everything sent so far) and so fetches anew.
 */
export function useRoundQuery<D extends RouteDef>(route: D, query: NonNullable<CallInput<D>['query']>) {
  const { held, moved, moveToLatest } = useHeldPosition();
  const result = useRouteQuery(route, { query: { ...query, minPosition: held || undefined } } as CallInput<D>, {
    staleTime: Infinity,
    gcTime: 0,
  });
  const nextRound = () => {
    if (moved) moveToLatest();
    else void result.refetch();
  };
  return { result, nextRound };
}
