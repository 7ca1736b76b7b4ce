// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { positions } from '@verba/kit';
import { OfflineStatus } from './OfflineStatus';
import { OfflineTexts } from './OfflineTexts';
import { QUEUE_ASK, QUEUE_FLUSH, QUEUE_STATE, REFUSAL_SEEN, type QueueState } from './queue-rules';
import { TEXT_DROP, TEXT_PIN, TEXTS_ASK, TEXTS_STATE, type KeptText } from './cache-rules';

/** The page's view of the offline worker: what the page sent it, and a way to make it answer. */
class FakeWorkers extends EventTarget {
  sent: Array<{ type: string } & Record<string, unknown>> = [];
  ready = Promise.resolve({ active: { postMessage: (message: { type: string }) => void this.sent.push(message) } });
  says(data: unknown) {
    act(() => void this.dispatchEvent(new MessageEvent('message', { data })));
  }
  types() {
    return this.sent.map((m) => m.type);
  }
}

let workers: FakeWorkers;
beforeEach(() => {
  workers = new FakeWorkers();
  Object.defineProperty(navigator, 'serviceWorker', { value: workers, configurable: true });
});
afterEach(() => {
  cleanup();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const state = (waiting: number, more: Partial<QueueState> = {}): QueueState => ({ type: QUEUE_STATE, waiting, refusals: [], ...more });

describe('the header’s offline status', () => {
  it('asks the worker what waits and to send it, shows “n changes waiting” in a live region, and nothing once sent', async () => {
    render(<OfflineStatus />);
    await waitFor(() => expect(workers.types()).toEqual([QUEUE_ASK, QUEUE_FLUSH]));
    const badge = screen.getByRole('status');
    expect(badge.getAttribute('aria-live')).toBe('polite');
    expect(badge.textContent).toBe('');
    workers.says(state(6));
    expect(badge.textContent).toContain('6 changes waiting');
    workers.says(state(1));
    expect(badge.textContent).toContain('1 change waiting');
    workers.says(state(0, { position: '99999999.1' }));
    expect(badge.textContent).toBe('');
    // The sent write's position: the page's next reads wait for it.
    expect(positions.latest()).toBe('99999999.1');
  });

  it('asks the worker to send what waits when the browser is back online', async () => {
    render(<OfflineStatus />);
    await waitFor(() => expect(workers.sent).toHaveLength(2));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(workers.types()).toEqual([QUEUE_ASK, QUEUE_FLUSH, QUEUE_FLUSH]));
  });

  it('shows each refused change with the server’s words until the learner dismisses it', async () => {
    render(<OfflineStatus />);
    workers.says(
      state(0, {
        refusals: [{ id: 7, uid: 'u', label: 'Your page in “Der Hund”', message: 'Article not found', refusedAt: '2026-12-06T10:00:00Z' }],
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('A change was not saved');
    expect(alert.textContent).toContain('Your page in “Der Hund”: Article not found');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(workers.sent.at(-1)).toEqual({ type: REFUSAL_SEEN, id: 7 }));
    // Gone when the worker says so (another tab may have dismissed it too).
    workers.says(state(0));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the texts kept offline', () => {
  const texts: KeptText[] = [
    { id: 'a', title: 'Der Hund', openedAt: '2026-12-06T10:00:00.000Z', pinned: false },
    { id: 'b', title: '<b>Die Katze</b>', openedAt: null, pinned: true },
  ];

  it('lists them from the worker, with Pin and Remove for each', async () => {
    render(<OfflineTexts />);
    await waitFor(() => expect(workers.types()).toEqual([TEXTS_ASK]));
    expect(screen.getByRole('status').textContent).toContain('Looking for kept texts…');
    workers.says({ type: TEXTS_STATE, texts });
    const items = within(screen.getByRole('list', { name: 'Texts kept offline' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/Der Hund · opened/);
    // A title is text, never HTML.
    expect(items[1]!.textContent).toContain('<b>Die Katze</b> · Pinned');
    fireEvent.click(screen.getByRole('button', { name: /^Pin\s+“Der Hund”$/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Unpin\s+“<b>Die Katze<\/b>”$/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Remove\s+“Der Hund”$/ }));
    await waitFor(() =>
      expect(workers.sent.slice(1)).toEqual([
        { type: TEXT_PIN, id: 'a', pinned: true },
        { type: TEXT_PIN, id: 'b', pinned: false },
        { type: TEXT_DROP, id: 'a' },
      ]),
    );
    workers.says({ type: TEXTS_STATE, texts: [] });
    expect(screen.getByText('No texts are kept yet: open one while online to read it offline.')).toBeTruthy();
  });

  it('says so in a browser that cannot keep them', () => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    render(<OfflineTexts />);
    expect(screen.getByText('This browser cannot keep texts for reading offline.')).toBeTruthy();
  });
});
