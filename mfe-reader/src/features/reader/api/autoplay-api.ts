import { useRouteQuery } from '@verba/kit/query';
import { getProfile } from '@verba/contracts/http';

/** The profile's "Play words aloud when I open them" (settings.speech.autoplay), off until read. */
export function useWordAutoplaySetting(): boolean {
  const profile = useRouteQuery(getProfile, {}, { staleTime: 5 * 60_000 });
  return profile.data?.settings.speech?.autoplay === true;
}
