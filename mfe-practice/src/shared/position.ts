import { useSyncExternalStore } from 'react';

/**
 * The log position of this browser's latest practice write. Queries carry it as `minPosition`, so the
 * API answers only once its projections include the write (read-your-writes); a new position changes
 * their cache keys, which refetches whatever is on screen.
 */
let latest: string | undefined;
const listeners = new Set<() => void>();

export function written(position: string | undefined): void {
  if (!position || position === latest) return;
  latest = position;
  for (const listener of listeners) listener();
}

export const latestPosition = (): string | undefined => latest;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useLatestPosition = (): string | undefined => useSyncExternalStore(subscribe, latestPosition, latestPosition);

/** `minPosition` only when there is one, so a first visit's cache key stays the plain one. */
export const atLeast = (minPosition: string | undefined) => (minPosition ? { minPosition } : {});

/** Keeps the last answer on screen while a re-keyed query refetches. */
export const keepPrevious = <T,>(previous: T | undefined): T | undefined => previous;

/** Tests only. */
export function resetPosition(): void {
  latest = undefined;
}
