// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@verba/kit';
import { Banners } from './Banners';

const at = 1_700_000_000_000;
const announcement = (id: string, visibleTo: string, text: string, dismissBehavior = 'persistent') => ({
  id,
  visibleTo,
  content: { blocks: [{ type: 'header', data: { text } }, { type: 'link', data: { text: 'See plans', url: '/app/user-profile/subscribe' } }] },
  dismissBehavior,
  active: true,
  createdAt: at,
  updatedAt: at,
});
const ids = ['0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a51', '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a52', '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a53'];
const user: SessionUser = { uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' };

function mockAnnouncements(list: unknown[]) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url !== '/api/announcements') throw new Error(`unexpected ${url}`);
    return new Response(JSON.stringify({ announcements: list }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Banners', () => {
  it("shows the banners of the user's group, and a dismissed one stays away after a reload", async () => {
    // The server filters by group; the shell checks again (a cached list may be from before a tier change).
    mockAnnouncements([
      announcement(ids[0]!, 'free', 'Spring sale'),
      announcement(ids[1]!, 'master', 'Thanks for being Master'),
      announcement(ids[2]!, 'all', 'New Russian course', 'session'),
      // Malformed: no id; and a block type the shell does not know, which is never rendered raw.
      { ...announcement(ids[0]!, 'all', 'No id'), id: undefined },
      { ...announcement('x', 'all', 'Odd'), content: { blocks: [{ type: 'html', data: { text: '<b>raw</b>' } }] } },
    ]);
    const view = render(<Banners user={user} now={() => at} />);
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
      render(<Banners user={user} now={() => at + 365 * 24 * 3600 * 1000} />);
    await screen.findByText('New Russian course');
    expect(screen.queryByText('Spring sale')).toBeNull();
  });
});
