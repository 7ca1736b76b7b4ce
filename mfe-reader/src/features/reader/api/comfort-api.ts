import { useCallback, useState } from 'react';
import { useCommand, useRouteQuery } from '@verba/kit/query';
import { getProfile, updateSettings } from '@verba/contracts/http';
import { comfortFrom, type Comfort } from '../comfort/comfort';

/**
 * The learner's reading comfort: the profile's `settings.reader` (read as the reader reads the rest of the
 * profile) over today's look. A change shows at once and is saved to the profile field by field, so two
 * quick changes never undo each other; the profile read after the write agrees with what is shown.
 */
export function useReaderComfort(): { comfort: Comfort; change: (change: Partial<Comfort>) => void; saveError: string | null } {
  const profile = useRouteQuery(getProfile, {}, { staleTime: 5 * 60_000 });
  const [chosen, setChosen] = useState<Partial<Comfort>>({});
  const save = useCommand(updateSettings);
  const { mutate } = save;
  const change = useCallback(
    (next: Partial<Comfort>) => {
      setChosen((before) => ({ ...before, ...next }));
      mutate({ body: { reader: next } });
    },
    [mutate],
  );
  return {
    comfort: { ...comfortFrom(profile.data?.settings.reader), ...chosen },
    change,
    saveError: save.isError ? save.error.message : null,
  };
}
