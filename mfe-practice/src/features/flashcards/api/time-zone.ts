import { useRouteQuery } from '@verba/kit/query';
import { getProfile } from '@verba/contracts/http';
import { DEFAULT_TIME_ZONE } from '@verba/contracts';

/**
 * The learner's time zone from their profile (the one read the review's card settings share): "Last practiced
 * today" counts the learner's own days. UTC while it is read, when it cannot be, and for a learner without one.
 */
export function useLearnerTimeZone(): string {
  const profile = useRouteQuery(getProfile, {}, { staleTime: 5 * 60_000, retry: false });
  return profile.data?.settings.timeZone ?? DEFAULT_TIME_ZONE;
}
