import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { session, toastStore } from '@verba/kit';
import { queryClient } from '@verba/kit/query';
import { resetPosition } from '../shared/position';

/** Between tests: no DOM, cache, session, toast, position or fetch stub survives. */
export function resetAll(): void {
  cleanup();
  queryClient.clear();
  toastStore.clear();
  session.reset();
  resetPosition();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
}
