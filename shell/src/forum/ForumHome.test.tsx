// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@verba/kit/query';
import { ForumHome } from './ForumHome';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const THREAD = {
  id: 'a0000001-0000-4000-8000-000000000001',
  language: 'fr',
  attachedTo: null,
  title: 'Le subjonctif',
  author: 'Ana',
  locked: false,
  replies: 2,
  lastPostAt: 1,
  unread: 2,
};

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the forum home', () => {
  it('shows a category per language and the followed threads with their unread replies', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('subscriptions')
          ? json({ threads: [THREAD] })
          : json({
              categories: [
                { language: 'fr', threads: 1 },
                { language: 'de', threads: 0 },
              ],
            }),
      ),
    );
    render(<ForumHome />);
    expect(await screen.findByText('1 thread')).toBeTruthy();
    expect(screen.getByText('0 threads')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Le subjonctif' })).toBeTruthy();
    expect(screen.getByText('2 unread')).toBeTruthy();
  });

  it('says why the categories could not be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Not for you.', message: 'Not for you.' }, 403),
      ),
    );
    render(<ForumHome />);
    expect((await screen.findByRole('alert')).textContent).toBe('Not for you.');
  });
});
