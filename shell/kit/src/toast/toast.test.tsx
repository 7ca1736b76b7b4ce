// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { DEFAULT_DURATION, MAX_TOASTS, toast, toastStore } from './toast-store';

/** The toast list with this politeness. */
const liveList = (live: 'assertive' | 'polite') => screen.getAllByRole('list').find((l) => l.getAttribute('aria-live') === live)!;

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
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
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
    // A destructive toast is announced at once (the assertive list).
    expect(within(liveList('assertive')).getByRole('listitem').textContent).toContain('Long');
    act(() => vi.advanceTimersByTime(7000));
    expect(toastStore.get()).toHaveLength(0);
  });

  it('announces toasts through live lists that are in the page before the first toast, polite or at once', () => {
    render(<Toaster />);
    // A live region that arrives with its text is often not read out: the lists wait, empty, for toasts.
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getAllByRole('list')).toEqual([liveList('assertive'), liveList('polite')]);
    act(() => {
      toast({ title: 'Saved' });
      toast({ title: 'Not saved', description: 'The server is unreachable.', variant: 'destructive' });
      toast({ title: 'Tip', variant: 'info' });
    });
    expect(
      within(liveList('polite'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Saved×', 'Tip×']);
    expect(within(liveList('assertive')).getByRole('listitem').textContent).toBe('Not savedThe server is unreachable.×');
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
  });

  it("passes axe's list rules with toasts on screen (an item is only an item, no other role)", async () => {
    vi.useRealTimers();
    const { container } = render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
      toast({ title: 'Not saved', variant: 'destructive' });
    });
    const result = await axe.run(container, {
      runOnly: ['list', 'listitem', 'aria-allowed-role', 'aria-allowed-attr', 'aria-prohibited-attr', 'button-name'],
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    expect(result.passes.map((p) => p.id)).toContain('list');
  });

  it('a dropped toast does not close a newer one when its timer would have fired', () => {
    act(() => {
      for (const n of [1, 2, 3, 4]) toast({ title: `T${n}`, duration: 1000 * n });
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(toastStore.get().map((t) => t.title)).toEqual(['T2', 'T3', 'T4']);
  });

  it('carries one action button, which runs once and closes the toast; it is gone with the toast', () => {
    render(<Toaster />);
    const onClick = vi.fn();
    act(() => {
      toast({ title: '3 words marked Known.', duration: 10_000, action: { label: 'Undo', onClick } });
      toast({ title: 'Later', duration: 10_000, action: { label: 'Undo', onClick } });
    });
    const [first] = screen.getAllByRole('button', { name: 'Undo' });
    act(() => fireEvent.click(first!));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('3 words marked Known.')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
