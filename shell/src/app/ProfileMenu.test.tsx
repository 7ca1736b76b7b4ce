// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@verba/kit';
import { QUEUE_ASK, QUEUE_STATE } from '../offline/queue-rules';
import { ProfileMenu } from './ProfileMenu';

const signOut = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../auth/auth-api', () => ({ signOut }));

const USER = { uid: 'u1', email: 'ana@example.com', name: 'Ana', role: 'User' } as unknown as SessionUser;

/** A service worker whose queue holds `waiting` changes: it answers the page's question as sw.ts does. */
function fakeWorker(waiting: number) {
  const container = new EventTarget() as EventTarget & { controller: object; ready: Promise<unknown> };
  const active = {
    postMessage(message: { type: string }) {
      if (message.type === QUEUE_ASK)
        queueMicrotask(() => container.dispatchEvent(new MessageEvent('message', { data: { type: QUEUE_STATE, waiting, refusals: [] } })));
    },
  };
  container.controller = active;
  container.ready = Promise.resolve({ active });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
}

const chooseSignOut = () => fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));

beforeEach(() => signOut.mockClear());
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Sign out with changes waiting offline', () => {
  it('asks first, and keeps the learner signed in when they choose to stay', async () => {
    fakeWorker(2);
    render(<ProfileMenu user={USER} defaultOpen />);
    chooseSignOut();
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out and lose your offline changes?' });
    expect(dialog.textContent).toContain('2 changes waiting to reach the server');
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out when the learner confirms', async () => {
    fakeWorker(1);
    render(<ProfileMenu user={USER} defaultOpen />);
    chooseSignOut();
    expect((await screen.findByRole('alertdialog')).textContent).toContain('1 change waiting');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  });

  it('signs out at once when nothing waits, or without a worker', async () => {
    fakeWorker(0);
    render(<ProfileMenu user={USER} defaultOpen />);
    chooseSignOut();
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    cleanup();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    render(<ProfileMenu user={USER} defaultOpen />);
    chooseSignOut();
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
