import { useSyncExternalStore } from 'react';

/** What the shell shows in a fragment's area while single-spa loads/mounts it. */
export type FragmentStatus =
  | { state: 'idle' }
  | { state: 'loading' }
  /** version: the published build's content hash, or 'built-in'. */
  | { state: 'mounted'; version?: string }
  | { state: 'error'; message: string };

const statuses = new Map<string, FragmentStatus>();
const listeners = new Set<() => void>();
const IDLE: FragmentStatus = { state: 'idle' };

export function setFragmentStatus(name: string, status: FragmentStatus): void {
  statuses.set(name, status);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFragmentStatus(name: string): FragmentStatus {
  const get = () => statuses.get(name) ?? IDLE;
  return useSyncExternalStore(subscribe, get, get);
}
