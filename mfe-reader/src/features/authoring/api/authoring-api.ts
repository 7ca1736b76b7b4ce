import { ApiError, atLeast, client, navigate, sendCommand } from '@verba/kit';
import { queryClient, useMinPosition, useRouteQuery } from '@verba/kit/query';
import { canCreate, deleteSeries, getSeries, seriesDetails, userSeries } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

export const SUBSCRIBE_PATH = '/app/user-profile/subscribe';

type CreateCheck = z.output<(typeof canCreate)['response']>;

/**
 * GET articles/create before showing the form: a 403 (a free user at the private limit, spec §2)
 * sends the user to the subscribe page; otherwise the answer says whether public is allowed.
 */
export function useCreateCheck(enabled: boolean): { check: CreateCheck | null; error: ApiError | null } {
  const [state, setState] = useState<{ check: CreateCheck | null; error: ApiError | null }>({ check: null, error: null });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    client.call(canCreate, { query: {} }).then(
      (check) => current && setState({ check, error: null }),
      (error: ApiError) => {
        if (!current) return;
        if (error.status === 403) navigate(SUBSCRIBE_PATH, { replace: true });
        else setState({ check: null, error });
      },
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return state;
}

export const useUserSeries = (languageCode: LearningLanguage) => useRouteQuery(userSeries, { query: { languageCode } });
export const useSeries = (id: string) => useRouteQuery(getSeries, { params: { id } }, { enabled: id !== '' });

/** After a write, lists that show articles or series must be fetched again. */
export const refreshLibrary = () =>
  queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[1] === 'string' && /^\/api\/(articles|series)/.test(query.queryKey[1]),
  });

/** A series with the articles the learner can see, in reading order. */
export function useSeriesDetails(id: string) {
  const minPosition = useMinPosition();
  return useRouteQuery(seriesDetails, { params: { id }, query: { ...atLeast(minPosition) } });
}

/** Deletes one of the learner's series (its articles stay, outside any series). */
export async function deleteOwnSeries(seriesId: string) {
  await sendCommand(deleteSeries, { query: { seriesId } });
  void refreshLibrary();
}
