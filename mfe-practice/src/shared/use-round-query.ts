import { useState } from 'react';
import { atLeast, positions, type CallInput, type RouteDef } from '@verba/kit';
import { useRouteQuery } from '@verba/kit/query';

/**
 * A GET for one round of a game or session: fetched when the page opens (after this browser's
 * writes) and then held, so ratings sent during the round do not reshuffle it. `nextRound()` fetches
 * anew, including everything sent so far.
 */
export function useRoundQuery<D extends RouteDef>(route: D, query: NonNullable<CallInput<D>['query']>) {
  const [minPosition, setMinPosition] = useState(positions.latest);
  const result = useRouteQuery(route, { query: { ...query, ...atLeast(minPosition) } } as CallInput<D>, { staleTime: Infinity, gcTime: 0 });
  const nextRound = () => {
    const latest = positions.latest();
    if (latest !== minPosition) setMinPosition(latest);
    else void result.refetch();
  };
  return { result, nextRound };
}
