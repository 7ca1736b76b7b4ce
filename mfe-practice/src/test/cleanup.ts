import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { positions, session, toastStore } from '@verba/kit';
import { queryClient } from '@verba/kit/query';

/** Between tests: no DOM, cache, session, toast, position, fake clock or fetch stub survives. */
export function resetAll(): void {
  cleanup();
  queryClient.clear();
  toastStore.clear();
  session.reset();
  positions.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
}
