// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positions, session, type SessionUser } from '@verba/kit';
import { queryClient } from '@verba/kit/query';
import { BannerArea } from './BannerArea';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const announcement = (id: string, text: string) => ({
  id,
  visibleTo: 'all',
  content: { blocks: [{ type: 'paragraph', data: { text } }] },
  dismissBehavior: 'session',
  active: true,
  startsAt: null,
  endsAt: null,
  createdAt: 1,
  updatedAt: 1,
});
const ANA: SessionUser = { uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' };
const BEN: SessionUser = { uid: 'u2', name: 'Ben', email: 'ben@example.com', role: 'User', subscription: 'free' };

/** GET /api/announcements answering each user (by the session) their own list, or `failing` with an error. */
function mockAnnouncements(lists: Record<string, string[]>, failing = false) {
  const reads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith('/api/announcements')) throw new Error(`unexpected ${url}`);
      const uid = session.get().user?.uid ?? '';
      reads.push(`${uid} ${url}`);
      if (failing) return json({ message: 'Announcements are unavailable' }, 400);
      const texts = lists[uid] ?? [];
      return json({ announcements: texts.map((text, i) => announcement(`5b7c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c${i}`, text)) });
    }),
  );
  return reads;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  session.reset();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('BannerArea', () => {
  it("shows the signed-in user's announcements, read once: this tab's writes do not read them again", async () => {
    const reads = mockAnnouncements({ u1: ['Maintenance on Sunday'] });
    session.setUser(ANA);
    render(<BannerArea user={ANA} />);
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(banner.textContent).toContain('Maintenance on Sunday');
    act(() => positions.record('9.1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toEqual(['u1 /api/announcements']);
    expect(screen.getByRole('region', { name: 'Announcement' })).toBeTruthy();
  });

  it('shows nothing while they load, when there are none, and when they cannot be read (no error in the page)', async () => {
    let reads = mockAnnouncements({ u1: [] });
    session.setUser(ANA);
    const { container, unmount } = render(<BannerArea user={ANA} />);
    expect(container.textContent).toBe('');
    await waitFor(() => expect(reads).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    unmount();

    queryClient.clear();
    reads = mockAnnouncements({}, true);
    const failed = render(<BannerArea user={ANA} />);
    await waitFor(() => expect(reads).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(failed.container.textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("reads another user's own list when they sign in on this browser, and never shows the last one's", async () => {
    const reads = mockAnnouncements({ u1: ['For Ana'], u2: ['For Ben'] });
    session.setUser(ANA);
    const { rerender } = render(<BannerArea user={ANA} />);
    expect((await screen.findByRole('region', { name: 'Announcement' })).textContent).toContain('For Ana');
    act(() => session.setUser(BEN));
    rerender(<BannerArea user={BEN} />);
    expect(screen.queryByText('For Ana')).toBeNull();
    expect((await screen.findByRole('region', { name: 'Announcement' })).textContent).toContain('For Ben');
    expect(reads).toEqual(['u1 /api/announcements', 'u2 /api/announcements']);
  });
});
