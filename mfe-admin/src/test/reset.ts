import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { positions, toastStore } from '@verba/kit';
import { queryClient } from '@verba/kit/query';

/** After each test: unmount, forget cached server state, toasts and the latest write's position, restore stubbed globals. */
export function resetAfterEach(): void {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    toastStore.clear();
    positions.reset();
    vi.unstubAllGlobals();
  });
}
