// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@verba/kit';
import { App } from './App';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.reset();
  window.history.replaceState(null, '', '/');
});

describe('App layout', () => {
  it('shows a public page to a guest, with the site footer', async () => {
    window.history.replaceState(null, '', '/faq');
    session.setUser(null);
    render(<App />);
    // The page is a lazy chunk: its first transform can pass findBy's default second on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeTruthy();
  });

  it('puts announcements above the page content for a signed-in user', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          announcements: [
            { id: 'a1', visibleTo: 'all', content: { blocks: [{ type: 'paragraph', data: { text: 'Maintenance on Sunday' } }] }, dismissBehavior: 'session', active: true, createdAt: 1, updatedAt: 1 },
          ],
        }),
      ),
    );
    window.history.replaceState(null, '', '/app/support');
    session.setUser({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' });
    render(<App />);
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'How can we help?' });
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/announcements', expect.objectContaining({ method: 'GET' }));
  });

  it('shows the Admin entry in the main navigation to Admin and Owner only', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ announcements: [] })));
    window.history.replaceState(null, '', '/app/support');
    for (const [role, shown] of [['User', false], ['Admin', true], ['Owner', true]] as const) {
      session.setUser({ uid: `u-${role}`, name: 'Ana', email: 'ana@example.com', role, subscription: 'free' });
      const { unmount } = render(<App />);
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(Boolean(nav.querySelector('a[href="/app/admin"]')), role).toBe(shown);
      unmount();
    }
  });
});
