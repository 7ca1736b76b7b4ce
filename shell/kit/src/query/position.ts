import { useState, useSyncExternalStore } from 'react';
// Through the package name: the one position store of the main kit singleton.
import { positions } from '@verba/kit';

/**
 * The position of this tab's latest write; a component re-renders (and re-keys its reads) when it moves.
 * The kit's own: useRouteQuery reads at it by itself, and a view that holds its reads uses useHeldPosition.
 */
export const useMinPosition = (): string | undefined => useSyncExternalStore(positions.subscribe, positions.latest, positions.latest);

/**
 * A position held for the component's life until it moves on: where this tab's writes stood when it
 * mounted, and after `moveToLatest()` where they stand then. A game round reads there (`{ minPosition: held }`) so
 * ratings sent during the round do not reshuffle it; `moved` says a write came since.
 */
export function useHeldPosition(): { held: string | undefined; moved: boolean; moveToLatest: () => void } {
  const latest = useMinPosition();
  const [held, setHeld] = useState(latest);
  return { held, moved: latest !== held, moveToLatest: () => setHeld(latest) };
}

/**
 * Where this tab's writes stood when the component mounted, held for its life: a view that updates its
 * own cache on each write (the reader's word marks) reads there once, with `{ minPosition: openedAt }`, instead
 * of reading again at every write.
 */
export const useOpenedAt = (): string | undefined => useHeldPosition().held;
