import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toastStore } from '@verba/kit';
import { queryClient } from '@verba/kit/query';

/** After each test: unmount, forget cached server state and toasts, restore stubbed globals. */
export function resetAfterEach(): void {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    toastStore.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.localStorage.clear();
  });
}
