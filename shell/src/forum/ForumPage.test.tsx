// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { positions } from '@verba/kit';
import { KitProviders, queryClient } from '@verba/kit/query';
import { COURSE_MESSAGES, FORUM_MESSAGES, type ForumPost } from '@verba/contracts';
import { DiscussPage } from './DiscussPage';
import { PostItem } from './PostItem';
import { ThreadList } from './ThreadList';
import { ThreadPage } from './ThreadPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A forum view inside the kit's query cache, as ForumPage renders it. */
const inKit = (view: ReactElement) => render(<KitProviders>{view}</KitProviders>);

afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  vi.unstubAllGlobals();
});

describe('a language category of the forum', () => {
  it('says what is missing in place and sends nothing', async () => {
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () =>
      json({ threads: [], page: 1, total: 0, nextCursor: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    inKit(<ThreadList language="fr" />);
    await screen.findByText('No threads yet. Start the first one.');
    fireEvent.click(screen.getByRole('button', { name: 'Start the thread' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal (too fast) under the form", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json(
              {
                type: 'about:blank',
                title: 'Too Many Requests',
                status: 429,
                detail: FORUM_MESSAGES.tooMany,
                message: FORUM_MESSAGES.tooMany,
              },
              429,
            )
          : json({ threads: [], page: 1, total: 0, nextCursor: null }),
      ),
    );
    inKit(<ThreadList language="fr" />);
    await screen.findByText('No threads yet. Start the first one.');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Le subjonctif' } });
    fireEvent.change(screen.getByLabelText('Your message (Markdown)'), { target: { value: 'Quand ?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the thread' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FORUM_MESSAGES.tooMany);
  });
});

describe('the "Discuss" page of an article or chapter', () => {
  const CHAPTER = 'c0000004-0000-4000-8000-000000000004';
  const THREAD = '7a0c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';
  const discuss = (answer: () => Response) => {
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) => {
      if (init?.method === 'POST') return json({ threadId: THREAD, postId: '8b0c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409' }, 201);
      return url.startsWith(`/api/forum/discussions/chapter/${CHAPTER}`) ? answer() : json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', `/app/forum/discuss/chapter/${CHAPTER}?title=Le+march%C3%A9`);
    inKit(<DiscussPage kind="chapter" targetId={CHAPTER} />);
    return fetchMock;
  };

  it("opens the chapter's thread once it has started", async () => {
    discuss(() => json({ threadId: THREAD, started: true, language: 'fr' }));
    await vi.waitFor(() => expect(window.location.pathname).toBe(`/app/forum/thread/${THREAD}`));
  });

  it('offers to start it, in the language of the chapter the server names, then opens the new thread', async () => {
    const fetchMock = discuss(() => json({ threadId: THREAD, started: false, language: 'fr' }));
    await screen.findByRole('heading', { name: 'Discuss: Le marché' });
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Le marché');
    fireEvent.change(screen.getByLabelText('Your message (Markdown)'), { target: { value: 'Que veut dire « les halles » ?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the discussion' }));
    await vi.waitFor(() => expect(window.location.pathname).toBe(`/app/forum/thread/${THREAD}`));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      language: 'fr',
      title: 'Le marché',
      body: 'Que veut dire « les halles » ?',
      attachedTo: { kind: 'chapter', targetId: CHAPTER },
    });
  });

  it("says the server's refusal (a premium chapter for a Free learner) and offers nothing to send", async () => {
    discuss(() =>
      json(
        {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail: COURSE_MESSAGES.premiumChapter,
          message: COURSE_MESSAGES.premiumChapter,
        },
        403,
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(COURSE_MESSAGES.premiumChapter);
    expect(screen.queryByRole('button', { name: 'Start the discussion' })).toBeNull();
  });
});

describe('reporting a post', () => {
  const post: ForumPost = {
    id: '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409',
    author: 'Ben Becker',
    mine: false,
    html: '<p>Kauft Uhren!</p>',
    quote: null,
    createdAt: 0,
    editedAt: null,
    deleted: false,
    hidden: false,
    upvotes: 0,
    upvotedByMe: false,
    editable: false,
    markdown: null,
  };

  it('asks for a reason from the list before sending, then sends it with the details', async () => {
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = vi.fn();
    inKit(<PostItem post={post} onQuote={() => {}} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the post by Ben Becker' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Spam', 'Abuse or harassment', 'Off-topic', 'Other']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText(FORUM_MESSAGES.reasonRequired);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    fireEvent.change(within(dialog).getByLabelText('Details (optional)'), { target: { value: ' Links to a shop ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toContain(`/api/forum/posts/${post.id}/report`);
    expect(JSON.parse(String(init?.body))).toMatchObject({ reason: 'spam', details: 'Links to a shop' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('upvoting a post', () => {
  const post: ForumPost = {
    id: '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409',
    author: 'Ana Alves',
    mine: false,
    html: '<p>Hallo</p>',
    quote: null,
    createdAt: 0,
    editedAt: null,
    deleted: false,
    hidden: false,
    upvotes: 2,
    upvotedByMe: false,
    editable: false,
    markdown: null,
  };

  it("offers the upvote on another learner's post", () => {
    inKit(<PostItem post={post} onQuote={() => {}} onChanged={() => {}} />);
    expect(screen.getByRole('button', { name: '▲ 2 upvotes' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the count on your own post, without an upvote button', () => {
    inKit(<PostItem post={{ ...post, mine: true }} onQuote={() => {}} onChanged={() => {}} />);
    expect(screen.queryByRole('button', { name: /upvote/ })).toBeNull();
    expect(screen.getByText('▲ 2', { exact: false }).textContent).toBe('▲ 2 upvotes');
  });
});

/** IntersectionObserver as jsdom lacks it: the test says when the end of a list comes into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe() {}
  disconnect() {
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this);
  }
  reveal() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('long forum lists', () => {
  const summary = (n: number) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    language: 'fr',
    attachedTo: null,
    title: `Fil ${n}`,
    author: 'Ana',
    locked: false,
    replies: 0,
    lastPostAt: 0,
  });
  const reply = (n: number): ForumPost => ({
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    author: 'Ben',
    mine: false,
    html: `<p>Réponse ${n}</p>`,
    quote: null,
    createdAt: 0,
    editedAt: null,
    deleted: false,
    hidden: false,
    upvotes: 0,
    upvotedByMe: false,
    editable: false,
    markdown: null,
  });

  it('loads more threads after the server cursor as the end of the list comes into view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return url.includes('cursor=c1')
          ? json({ threads: [summary(21), summary(22)], page: 1, total: 22, nextCursor: null })
          : json({ threads: Array.from({ length: 20 }, (_, i) => summary(i + 1)), page: 1, total: 22, nextCursor: 'c1' });
      }),
    );
    inKit(<ThreadList language="fr" />);
    await screen.findByRole('link', { name: 'Fil 20' });
    expect(screen.queryByRole('link', { name: 'Fil 21' })).toBeNull();
    await vi.waitFor(() => expect(FakeObserver.all).toHaveLength(1));
    FakeObserver.all[0]!.reveal();
    await screen.findByRole('link', { name: 'Fil 22' });
    expect(screen.getAllByRole('link', { name: /^Fil / })).toHaveLength(22);
    expect(urls.filter((u) => u.includes('cursor=c1'))).toHaveLength(1);
    // The end reached: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more threads' })).toBeNull();
  });

  it('loads more replies of a thread with the "Load more replies" button', async () => {
    const urls: string[] = [];
    const thread = { ...summary(1), subscribed: false, unread: 0 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return url.includes('cursor=20')
          ? json({ thread, posts: [reply(21)], page: 1, total: 21, nextCursor: null })
          : json({ thread, posts: Array.from({ length: 20 }, (_, i) => reply(i + 1)), page: 1, total: 21, nextCursor: '20' });
      }),
    );
    inKit(<ThreadPage threadId={thread.id} />);
    await screen.findByText('Réponse 20');
    fireEvent.click(screen.getByRole('button', { name: 'Load more replies' }));
    await screen.findByText('Réponse 21');
    expect(screen.getAllByRole('listitem', { name: 'Post by Ben' })).toHaveLength(21);
    expect(urls.some((u) => u.includes(`/api/forum/threads/${thread.id}?cursor=20`))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more replies' })).toBeNull();
  });
});

describe('a thread after a write', () => {
  const THREAD = '00000000-0000-4000-8000-000000000001';
  const thread = { id: THREAD, language: 'fr', attachedTo: null, title: 'Fil', author: 'Ana', locked: false, replies: 0, lastPostAt: 0 };
  const post = (n: number, html: string): ForumPost => ({
    id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    author: 'Ana',
    mine: true,
    html,
    quote: null,
    createdAt: 0,
    editedAt: null,
    deleted: false,
    hidden: false,
    upvotes: 0,
    upvotedByMe: false,
    editable: true,
    markdown: null,
  });

  it('reads the thread again at the position its reply answered, and marks unread replies read once', async () => {
    const posts = [post(1, '<p>Bonjour</p>')];
    const urls: string[] = [];
    let unread = 2;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        urls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'POST' && url.endsWith('/read')) {
          unread = 0;
          return json({ position: '9.1' });
        }
        if (init?.method === 'POST') {
          posts.push(post(2, '<p>Merci</p>'));
          return json({ postId: posts[1]!.id, position: '9.2' }, 201);
        }
        return json({
          thread: { ...thread, replies: posts.length - 1, subscribed: false, unread },
          posts,
          page: 1,
          total: posts.length,
          nextCursor: null,
        });
      }),
    );
    inKit(<ThreadPage threadId={THREAD} />);
    await screen.findByText('Bonjour');
    fireEvent.change(screen.getByLabelText('Your message (Markdown)'), { target: { value: 'Merci' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    await screen.findByText('Merci');
    expect(urls).toContain(`GET /api/forum/threads/${THREAD}?minPosition=9.2`);
    expect(urls.filter((u) => u.endsWith('/read'))).toHaveLength(1);
  });
});
