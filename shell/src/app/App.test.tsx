// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@verba/kit';
import { queryClient } from '@verba/kit/query';
import { App } from './App';

// Counts loads of the banners' chunk (a module is loaded once per file: the first test that needs it).
const banners = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('../banners/Banners', async (importOriginal) => {
  banners.loaded++;
  return importOriginal();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  queryClient.clear(); // the kit's one cache: each case reads its own announcements
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

  it("does not fetch the banners' code for a signed-in user with no announcements", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ announcements: [] })),
    );
    window.history.replaceState(null, '', '/app/support');
    session.setUser({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' });
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'How can we help?' });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/announcements', expect.objectContaining({ method: 'GET' })));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the answer is in and rendered
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    expect(banners.loaded).toBe(0);
  });

  it('puts announcements above the page content for a signed-in user', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          announcements: [
            {
              id: '5b7c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4',
              visibleTo: 'all',
              content: { blocks: [{ type: 'paragraph', data: { text: 'Maintenance on Sunday' } }] },
              dismissBehavior: 'session',
              active: true,
              startsAt: null,
              endsAt: null,
              createdAt: 1,
              updatedAt: 1,
            },
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
    expect(banners.loaded).toBe(1);
  });

  it('shows the Admin entry in the main navigation to Admin and Owner only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ announcements: [] })),
    );
    window.history.replaceState(null, '', '/app/support');
    for (const [role, shown] of [
      ['User', false],
      ['Admin', true],
      ['Owner', true],
    ] as const) {
      session.setUser({ uid: `u-${role}`, name: 'Ana', email: 'ana@example.com', role, subscription: 'free' });
      const { unmount } = render(<App />);
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(Boolean(nav.querySelector('a[href="/app/admin"]')), role).toBe(shown);
      unmount();
    }
  });

  it('folds the sections into a Menu button that opens and closes them, and closes on a new page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ announcements: [] })),
    );
    window.history.replaceState(null, '', '/app/support');
    session.setUser({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' });
    render(<App />);
    const menu = await screen.findByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toContain('sh-nav--open');
    fireEvent.click(within(nav).getByRole('link', { name: 'Read' }));
    // In the app, single-spa (imported with the fragment areas, not started here) tells every usePathname().
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'));
    fireEvent.click(menu);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a minimal header while onboarding: no sections, no Menu, but the account menu', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ announcements: [] })),
    );
    window.history.replaceState(null, '', '/app/onboarding/language');
    session.setUser({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' });
    render(<App />);
    await screen.findByRole('button', { name: 'Account menu for Ana' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('shows the Admin entry in the profile menu to Admin and Owner only, beside Profile and Subscription', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ announcements: [] })),
    );
    window.history.replaceState(null, '', '/app/support');
    for (const [role, shown] of [
      ['User', false],
      ['Admin', true],
      ['Owner', true],
    ] as const) {
      session.setUser({ uid: `u-${role}`, name: 'Ana', email: 'ana@example.com', role, subscription: 'free' });
      const { unmount } = render(<App />);
      // The menu is loaded on first use and opens as it mounts.
      fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Ana' }));
      const menu = await screen.findByRole('menu');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      expect(items, role).toEqual(shown ? ['Profile', 'Subscription', 'Admin', 'Sign out'] : ['Profile', 'Subscription', 'Sign out']);
      unmount();
    }
  });
});
