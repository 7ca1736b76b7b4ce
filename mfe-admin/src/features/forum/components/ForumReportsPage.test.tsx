// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FORUM_MESSAGES } from '@verba/contracts';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { ForumReportSchema } from '@verba/contracts/http';
import { ForumReportsPage } from './ForumReportsPage';
import { resetAfterEach } from '../../../test/reset';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (status: number, detail: string) =>
  json({ type: 'about:blank', title: 'Not Found', status, detail, message: detail }, status);
const POST = '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';
const THREAD = '7a0c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';

/**
 * The moderation routes over one reported reply, as the server keeps them: a hide or lock changes what the
 * next read of the list answers (at or after the write's position), unless `refuse` says otherwise.
 */
function mockForum(refuse: Partial<Record<'hide' | 'lock', () => Response>> = {}) {
  const state = { hidden: false, locked: false, position: 0 };
  const writes: { route: string; body: unknown }[] = [];
  const reads: URL[] = [];
  const report = () =>
    ForumReportSchema.parse({
      post: {
        id: POST,
        threadId: THREAD,
        author: 'Ben Becker',
        mine: false,
        html: '',
        quote: null,
        createdAt: 0,
        editedAt: null,
        deleted: false,
        hidden: state.hidden,
        upvotes: 0,
        upvotedByMe: false,
        editable: false,
        markdown: null,
        text: 'Kauft billige Uhren! <img src=x onerror=alert(1)>',
      },
      thread: { id: THREAD, title: 'Wie lernt ihr Artikel?', language: 'de', locked: state.locked },
      reports: [{ reporter: 'Ana Álvarez', reason: 'spam', details: 'Werbung', at: 0 }],
      open: !state.hidden,
    });
  const write = (
    route: string,
    init: RequestInit | undefined,
    refused: (() => Response) | undefined,
    apply: (body: Record<string, boolean>) => void,
  ) => {
    const body = JSON.parse(String(init?.body)) as Record<string, boolean>;
    writes.push({ route, body });
    if (refused) return refused();
    apply(body);
    return json({ position: `${++state.position}.0` });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://verba.test');
      const route = `${init?.method ?? 'GET'} ${url.pathname}`;
      if (route === 'GET /api/admin/forum/reports') {
        reads.push(url);
        return json({ reports: [report()], page: 1, total: 1, open: state.hidden ? 0 : 1 });
      }
      if (route === `PUT /api/admin/forum/posts/${POST}/hidden`) return write(route, init, refuse.hide, (b) => (state.hidden = b.hidden!));
      if (route === `PUT /api/admin/forum/threads/${THREAD}/locked`)
        return write(route, init, refuse.lock, (b) => (state.locked = b.locked!));
      throw new Error(`unexpected ${route}`);
    }),
  );
  return { writes, reads };
}

resetAfterEach();

const renderPage = () =>
  render(
    <KitProviders>
      <ForumReportsPage />
    </KitProviders>,
  );
const reported = () => screen.findByRole('listitem', { name: 'Reported post by Ben Becker' });
/** Opens the action's alert dialog and confirms it. */
async function confirm(item: HTMLElement, button: string, dialogName: string) {
  fireEvent.click(within(item).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('alertdialog', { name: dialogName });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: button })));
}

describe('ForumReportsPage', () => {
  it('shows each reported post with its reports, what learners wrote as text', async () => {
    mockForum();
    renderPage();
    const item = await reported();
    expect(within(item).getByText('Kauft billige Uhren! <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(item.querySelector('img')).toBeNull();
    expect(within(item).getByRole('link', { name: 'Wie lernt ihr Artikel?' }).getAttribute('href')).toBe(`/app/forum/thread/${THREAD}`);
    expect(within(item).getByText('Spam').parentElement?.textContent).toContain('“Werbung” (Ana Álvarez,');
    expect(screen.getByText('1 open of 1 reported post')).toBeTruthy();
  });

  it('"Hide post" hides it once confirmed, and the list read again shows it hidden, out of the open count', async () => {
    const { writes, reads } = mockForum();
    renderPage();
    const item = await reported();
    await confirm(item, 'Hide post', 'Hide this post?');
    expect(writes).toEqual([{ route: `PUT /api/admin/forum/posts/${POST}/hidden`, body: { hidden: true } }]);
    await within(item).findByRole('button', { name: 'Show post' });
    expect(screen.getByText('0 open of 1 reported post')).toBeTruthy();
    expect(within(item).getByText('Hidden')).toBeTruthy();
    // Read again at the write's position, so the answer has the change.
    expect(reads.at(-1)?.searchParams.get('minPosition')).toBe('1.0');
    expect(toastStore.get().map((t) => t.title)).toContain('The post is hidden from learners');

    // And shown again the same way.
    await confirm(item, 'Show post', 'Show this post again?');
    expect(writes.at(-1)).toEqual({ route: `PUT /api/admin/forum/posts/${POST}/hidden`, body: { hidden: false } });
    await within(item).findByRole('button', { name: 'Hide post' });
    expect(screen.getByText('1 open of 1 reported post')).toBeTruthy();
  });

  it('"Lock thread" locks the thread once confirmed, and the list read again shows it locked; "Unlock thread" opens it', async () => {
    const { writes, reads } = mockForum();
    renderPage();
    const item = await reported();
    fireEvent.click(within(item).getByRole('button', { name: 'Lock thread' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Lock “Wie lernt ihr Artikel?”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes).toEqual([]);

    await confirm(item, 'Lock thread', 'Lock “Wie lernt ihr Artikel?”?');
    expect(writes).toEqual([{ route: `PUT /api/admin/forum/threads/${THREAD}/locked`, body: { locked: true } }]);
    await within(item).findByRole('button', { name: 'Unlock thread' });
    expect(item.textContent).toContain('thread locked');
    expect(reads.at(-1)?.searchParams.get('minPosition')).toBe('1.0');
    expect(toastStore.get().map((t) => t.title)).toContain('The thread is locked');

    await confirm(item, 'Unlock thread', 'Unlock “Wie lernt ihr Artikel?”?');
    expect(writes.at(-1)).toEqual({ route: `PUT /api/admin/forum/threads/${THREAD}/locked`, body: { locked: false } });
    await within(item).findByRole('button', { name: 'Lock thread' });
    expect(item.textContent).not.toContain('thread locked');
  });

  it("says the server's refusal and leaves the list as it was", async () => {
    const { writes } = mockForum({
      lock: () => problem(404, FORUM_MESSAGES.threadNotFound),
      hide: () => problem(404, FORUM_MESSAGES.postNotFound),
    });
    renderPage();
    const item = await reported();
    await confirm(item, 'Lock thread', 'Lock “Wie lernt ihr Artikel?”?');
    await waitFor(() =>
      expect(toastStore.get()).toContainEqual(
        expect.objectContaining({ title: 'The thread was not changed.', description: FORUM_MESSAGES.threadNotFound }),
      ),
    );
    await confirm(item, 'Hide post', 'Hide this post?');
    await waitFor(() =>
      expect(toastStore.get()).toContainEqual(
        expect.objectContaining({ title: 'The post was not changed.', description: FORUM_MESSAGES.postNotFound }),
      ),
    );
    expect(writes).toHaveLength(2);
    expect(within(item).getByRole('button', { name: 'Lock thread' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Hide post' })).toBeTruthy();
    expect(screen.getByText('1 open of 1 reported post')).toBeTruthy();
  });
});
