// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRating, listBlogTags } from '@verba/contracts/http';
import { positions, takesMinPosition } from '@verba/kit';
import { KitProviders, fetchRoute, queryClient, useRouteQuery } from './index';

const ARTICLE_ID = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const urls = (mock: ReturnType<typeof vi.fn>) => mock.mock.calls.map((call) => String(call[0]));

/** Answers each rating read with how many reads came before, so a re-read shows. */
function ratingServer() {
  let reads = 0;
  return vi.fn(async () => {
    reads += 1;
    return new Response(JSON.stringify({ articleId: ARTICLE_ID, rating: reads, averageRating: 4, ratings: 1 }), { status: 200 });
  });
}

function Rating({ held }: { held?: string | undefined }) {
  const query = held === undefined ? { articleId: ARTICLE_ID } : { articleId: ARTICLE_ID, minPosition: held || undefined };
  const q = useRouteQuery(getRating, { query });
  return <p>{q.data ? `rating ${q.data.rating}` : 'loading'}</p>;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  vi.unstubAllGlobals();
});

describe('useRouteQuery and freshness', () => {
  it('knows which routes take minPosition from their contract', () => {
    expect(takesMinPosition(getRating)).toBe(true);
    expect(takesMinPosition(listBlogTags)).toBe(false);
  });

  it("reads at this tab's latest write by itself, and re-reads when a write lands, keeping the answer on screen", async () => {
    positions.record('7.1');
    const fetchMock = ratingServer();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <KitProviders>
        <Rating />
      </KitProviders>,
    );
    await screen.findByText('rating 1');
    expect(urls(fetchMock)).toEqual([`/api/articles/rating?articleId=${ARTICLE_ID}&minPosition=7.1`]);

    act(() => positions.record('9.2'));
    expect(screen.getByText('rating 1')).toBeDefined(); // no flash of "loading" while it re-reads
    await screen.findByText('rating 2');
    expect(urls(fetchMock)[1]).toBe(`/api/articles/rating?articleId=${ARTICLE_ID}&minPosition=9.2`);
  });

  it('gives the same data on every render while a re-read loads, so an effect that follows it settles', async () => {
    positions.record('7.1');
    let answer: (() => void) | undefined;
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        reads += 1;
        if (reads > 1) await new Promise<void>((resolve) => (answer = resolve)); // the re-read hangs
        return new Response(JSON.stringify({ articleId: ARTICLE_ID, rating: reads, averageRating: 4, ratings: 1 }), { status: 200 });
      }),
    );
    let effects = 0;
    // A Map, as the reader's statuses are: structural sharing cannot keep its identity, only the hook can.
    function Follower() {
      const q = useRouteQuery(getRating, { query: { articleId: ARTICLE_ID } }, { select: (r) => new Map([['shown', r.rating]]) });
      const [seen, setSeen] = useState<unknown>(undefined);
      useEffect(() => {
        effects += 1;
        // eslint-disable-next-line react-hooks/set-state-in-effect -- the pattern under test: a view that follows data
        setSeen(q.data);
      }, [q.data]);
      return <p>{seen ? `shown ${(seen as Map<string, number>).get('shown')}` : 'loading'}</p>;
    }
    render(
      <KitProviders>
        <Follower />
      </KitProviders>,
    );
    await screen.findByText('shown 1');
    const before = effects;
    act(() => positions.record('9.2'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('shown 1')).toBeDefined();
    expect(effects - before).toBeLessThanOrEqual(2); // the placeholder is one Map, not one a render (no #185)
    answer?.();
    await screen.findByText('shown 2');
  });

  it('waits for a write still in flight before it reads', async () => {
    const fetchMock = ratingServer();
    vi.stubGlobal('fetch', fetchMock);
    let answer!: () => void;
    void positions.track(new Promise<void>((resolve) => (answer = resolve)).then(() => positions.record('12.0')));
    render(
      <KitProviders>
        <Rating />
      </KitProviders>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    answer();
    await screen.findByText(/rating/);
    expect(urls(fetchMock)[0]).toBe(`/api/articles/rating?articleId=${ARTICLE_ID}&minPosition=12.0`);
  });

  it('leaves a position the caller holds alone ({ minPosition: held }), even before any write', async () => {
    const fetchMock = ratingServer();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <KitProviders>
        <Rating held="" />
      </KitProviders>,
    );
    await screen.findByText('rating 1');
    act(() => positions.record('3.0'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls(fetchMock)).toEqual([`/api/articles/rating?articleId=${ARTICLE_ID}`]);
    expect(screen.getByText('rating 1')).toBeDefined();
  });

  it('fetchRoute serves the cache until a write moves the position, then reads after it', async () => {
    const fetchMock = ratingServer();
    vi.stubGlobal('fetch', fetchMock);
    const rating = () => fetchRoute(getRating, { query: { articleId: ARTICLE_ID } }, { staleTime: 60_000 });
    expect((await rating()).rating).toBe(1);
    expect((await rating()).rating).toBe(1);
    positions.record('4.2');
    expect((await rating()).rating).toBe(2);
    expect(urls(fetchMock)).toEqual([
      `/api/articles/rating?articleId=${ARTICLE_ID}`,
      `/api/articles/rating?articleId=${ARTICLE_ID}&minPosition=4.2`,
    ]);
  });

  it('fetchRoute still answers when the read it shares is dropped by a view that moved on to a newer position', async () => {
    positions.record('7.1');
    const answers: Array<() => void> = [];
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            const rating = ++reads;
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
            answers.push(() =>
              resolve(new Response(JSON.stringify({ articleId: ARTICLE_ID, rating, averageRating: 4, ratings: 1 }), { status: 200 })),
            );
          }),
      ),
    );
    render(
      <KitProviders>
        <Rating />
      </KitProviders>,
    );
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // An event handler reads the same thing at the same position: it shares the view's read in flight.
    const shared = fetchRoute(getRating, { query: { articleId: ARTICLE_ID } });
    // A write lands: the view reads at the new position and leaves its old read, which TanStack cancels.
    act(() => positions.record('9.2'));
    await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(2));
    for (const answer of answers) answer();
    await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(3));
    for (const answer of answers) answer();
    expect((await shared).averageRating).toBe(4);
  });
});
