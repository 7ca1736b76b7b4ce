// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@verba/kit';
import { Banners } from './Banners';

const at = 1_700_000_000_000;
const announcement = (id: string, visibleTo: string, text: string, dismissBehavior = 'persistent') => ({
  id,
  visibleTo,
  content: {
    blocks: [
      { type: 'header', data: { text } },
      { type: 'link', data: { text: 'See plans', url: '/app/user-profile/subscribe' } },
    ],
  },
  dismissBehavior,
  active: true,
  createdAt: at,
  updatedAt: at,
});
const ids = ['0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a51', '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a52', '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a53'];
const user: SessionUser = { uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' };

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** The server's answers; what the banners sent it. */
function stubServer() {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(
    async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
}

describe('Banners', () => {
  it('offers to unfold the banners after the first (a phone shows the first only), and not for a single one', async () => {
    const sent = [
      announcement(ids[0]!, 'all', 'Spring sale'),
      announcement(ids[1]!, 'all', 'New Russian course'),
      announcement(ids[2]!, 'all', 'Forum opens'),
    ];
    const view = render(<Banners user={user} announcements={sent} now={() => at} />);
    const more = await screen.findByRole('button', { name: 'Show 2 more announcements' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.parentElement!.className).toContain('sh-announcements--folded');
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show fewer announcements' }).getAttribute('aria-expanded')).toBe('true');
    expect(more.parentElement!.className).not.toContain('sh-announcements--folded');
    view.unmount();

    render(<Banners user={user} announcements={sent.slice(0, 1)} now={() => at} />);
    await screen.findByText('Spring sale');
    expect(screen.queryByRole('button', { name: /more announcement/ })).toBeNull();
  });

  it("shows the banners of the user's group, and a dismissed one stays away after a reload", async () => {
    // The server filters by group; the shell checks again (a cached list may be from before a tier change).
    const sent = [
      announcement(ids[0]!, 'free', 'Spring sale'),
      announcement(ids[1]!, 'master', 'Thanks for being Master'),
      announcement(ids[2]!, 'all', 'New Russian course', 'session'),
      // Malformed: no id; and a block type the shell does not know, which is never rendered raw.
      { ...announcement(ids[0]!, 'all', 'No id'), id: undefined },
      { ...announcement('x', 'all', 'Odd'), content: { blocks: [{ type: 'html', data: { text: '<b>raw</b>' } }] } },
    ];
    const view = render(<Banners user={user} announcements={sent} now={() => at} />);
    await screen.findByText('Spring sale');
    expect(screen.queryByText('Thanks for being Master')).toBeNull();
    expect(screen.getByText('New Russian course')).toBeTruthy();
    expect(screen.queryByText('No id')).toBeNull();
    expect(screen.queryByText('<b>raw</b>')).toBeNull();
    expect(screen.getAllByRole('region', { name: 'Announcement' })).toHaveLength(2);
    const sale = screen.getByText('Spring sale').closest('section')!;
    expect(within(sale).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/app/user-profile/subscribe');

    fireEvent.click(within(sale).getByRole('button', { name: 'Dismiss announcement' }));
    await waitFor(() => expect(screen.queryByText('Spring sale')).toBeNull());

    view.unmount();
    render(<Banners user={user} announcements={sent} now={() => at + 365 * 24 * 3600 * 1000} />);
    await screen.findByText('New Russian course');
    expect(screen.queryByText('Spring sale')).toBeNull();
  });

  it('keeps a dismissal for good on the account too, so other browsers leave the banner out; shorter ones stay in this browser', async () => {
    const sentTo = stubServer();
    const sent = [
      announcement(ids[0]!, 'all', 'Spring sale'),
      announcement(ids[1]!, 'all', 'Forum opens', 'temporary'),
      announcement(ids[2]!, 'all', 'Quiz night', 'session'),
    ];
    render(<Banners user={user} announcements={sent} now={() => at} />);
    for (const text of ['Spring sale', 'Forum opens', 'Quiz night']) {
      const banner = (await screen.findByText(text)).closest('section')!;
      fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss announcement' }));
      await waitFor(() => expect(screen.queryByText(text)).toBeNull());
    }
    await waitFor(() => expect(sentTo()).toEqual([`PUT /api/announcements/${ids[0]}/dismissal`]));
  });

  it('shows markup in an announcement as text, and no link or image that could run script or lead to another site', async () => {
    const hostile = '<img src=x onerror="window.__xss = 1">Sale';
    const sent = [
      {
        ...announcement(ids[0]!, 'all', hostile),
        content: {
          blocks: [
            { type: 'header', data: { text: hostile } },
            { type: 'paragraph', data: { text: '<script>window.__xss = 2</script>' } },
            { type: 'link', data: { text: 'Script', url: 'javascript:window.__xss = 3' } },
            { type: 'link', data: { text: 'Data', url: 'data:text/html,<script>window.__xss = 4</script>' } },
            { type: 'link', data: { text: 'Elsewhere', url: '//evil.example/sign-in' } },
            { type: 'link', data: { text: 'Backslash', url: '/\\evil.example/sign-in' } },
            { type: 'image', data: { url: 'javascript:window.__xss = 5', alt: 'x' } },
            { type: 'link', data: { text: 'See plans', url: '/app/user-profile/subscribe' } },
          ],
        },
      },
    ];
    render(<Banners user={user} announcements={sent} now={() => at} />);
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(within(banner).getByText(hostile)).toBeTruthy();
    expect(within(banner).getByText('<script>window.__xss = 2</script>')).toBeTruthy();
    expect(banner.querySelector('img, script')).toBeNull();
    expect(
      within(banner)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/app/user-profile/subscribe']);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});
