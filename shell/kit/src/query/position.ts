import { useSyncExternalStore } from 'react';
// Through the package name: the one position store of the main kit singleton.
import { positions } from '@verba/kit';

/** The position of this tab's latest write; a component re-renders (and re-keys its reads) when it moves. */
export const useMinPosition = (): string | undefined => useSyncExternalStore(positions.subscribe, positions.latest, positions.latest);
