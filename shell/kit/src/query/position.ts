import { useState, useSyncExternalStore } from 'react';
// Through the package name: the one position store of the main kit singleton.
import { positions } from '@verba/kit';

/** The position of this tab's latest write; a component re-renders (and re-keys its reads) when it moves. */
export const useMinPosition = (): string | undefined => useSyncExternalStore(positions.subscribe, positions.latest, positions.latest);

/**
 * Where this tab's writes stood when the component mounted, held for its life: a view that updates its
 * own cache on each write (the reader's word marks) reads there once, with `atLeast(openedAt)`, instead
 * of reading again at every write.
 */
export function useOpenedAt(): string | undefined {
  const latest = useMinPosition();
  const [openedAt] = useState(latest);
  return openedAt;
}
