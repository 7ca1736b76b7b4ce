import { useCommand, useRouteQueryUntil } from '@verba/kit/query';
import { adminOperations, startProjectionRebuild } from '@verba/contracts/http';
import type { CommandOptions } from '../../../shared/api/command-options';

/** How often the open page reads the figures again; a hidden tab or a closed page reads nothing. */
export const OPERATIONS_REFRESH_MS = 5_000;

/**
 * Everything the operations page shows, read again every 5 s for as long as the page is open and its tab
 * visible: the figures change by themselves (projectors, relay), which no position of this tab names.
 */
export function useOperations() {
  return useRouteQueryUntil(
    adminOperations,
    {},
    { until: () => false, forMs: Number.POSITIVE_INFINITY, everyMs: OPERATIONS_REFRESH_MS },
    { refetchIntervalInBackground: false, staleTime: 0 },
  );
}

export const useStartRebuild = (options?: CommandOptions<typeof startProjectionRebuild>) => useCommand(startProjectionRebuild, options);
