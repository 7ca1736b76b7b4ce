// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { DEFAULT_DURATION, MAX_TOASTS, toast, toastStore } from './toast-store';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toastStore.clear();
    cleanup();
    vi.useRealTimers();
  });

  it('shows at most three at once, dropping the oldest', () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast({ title: `Toast ${n}` });
    });
    expect(MAX_TOASTS).toBe(3);
    expect(screen.getAllByRole('status')).toHaveLength(3);
    expect(screen.queryByText('Toast 1')).toBeNull();
    expect(screen.getByText('Toast 4')).toBeTruthy();
  });

  it('closes a toast after 3000 ms by default, or after its own duration', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Default' });
      toast({ title: 'Long', duration: 10_000, variant: 'destructive' });
    });
    expect(DEFAULT_DURATION).toBe(3000);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Default')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Default')).toBeNull();
    // A destructive toast is announced as an alert.
    expect(screen.getByRole('alert').textContent).toContain('Long');
    act(() => vi.advanceTimersByTime(7000));
    expect(toastStore.get()).toHaveLength(0);
  });

  it('a dropped toast does not close a newer one when its timer would have fired', () => {
    act(() => {
      for (const n of [1, 2, 3, 4]) toast({ title: `T${n}`, duration: 1000 * n });
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(toastStore.get().map((t) => t.title)).toEqual(['T2', 'T3', 'T4']);
  });
});
