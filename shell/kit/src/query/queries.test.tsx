// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listArticles } from '@verba/contracts/http';
import { session } from '@verba/kit';
import { KitProviders, queryClient, routeKey, useRouteQuery } from './index';

const ARTICLE = {
  id: '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Der Hund',
  languageCode: 'de',
  category: 'Children',
  generalDifficulty: 'A1',
  totalWords: 2,
  authorDisplayName: 'Verba',
  creationDate: 1,
  averageRating: 0,
  ratings: 0,
  totalReads: 0,
  previewImgSrc: null,
  isPrivate: false,
  needApprove: false,
  isPremiumOnly: false,
  seriesId: null,
  seriesTitle: null,
  isAuthor: false,
  difficulty: 'Ideal',
};

function Titles() {
  const q = useRouteQuery(listArticles, { query: { languageCode: 'de' } });
  if (q.isError) return <p role="alert">{q.error.message}</p>;
  return (
    <ul>
      {q.data?.articles.map((a) => (
        <li key={a.id}>{a.name}</li>
      ))}
    </ul>
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  session.reset();
  vi.unstubAllGlobals();
});

describe('@verba/kit/query', () => {
  it('fetches a contract route, parses it, and shows a client error without retrying', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ articles: [ARTICLE], page: 1, pageSize: 50, total: 1 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <KitProviders>
        <Titles />
      </KitProviders>,
    );
    await screen.findByText('Der Hund');
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/articles?languageCode=de');

    cleanup();
    queryClient.clear();
    const failing = vi.fn(async () => new Response(JSON.stringify({ message: 'Article not found' }), { status: 404 }));
    vi.stubGlobal('fetch', failing);
    render(
      <KitProviders>
        <Titles />
      </KitProviders>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Article not found');
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it("forgets one user's cached data when another user signs in on this browser", async () => {
    session.setUser({ uid: 'u1', name: 'A', email: 'a@b.c', role: 'User' });
    const key = routeKey(listArticles, { query: { languageCode: 'de' } });
    queryClient.setQueryData(key, { articles: [ARTICLE] });
    session.setUser({ uid: 'u1', name: 'A', email: 'a@b.c', role: 'User' });
    expect(queryClient.getQueryData(key)).toBeDefined();
    session.signedOut();
    await waitFor(() => expect(queryClient.getQueryData(key)).toBeUndefined());
  });
});

describe('the cache when the session becomes known', () => {
  it('keeps what a page read before the session answered, then forgets it when another user signs in', async () => {
    // A fresh page: reads go out with the browser's cookies before /api/user answers.
    vi.resetModules();
    const kit = await import('@verba/kit');
    const query = await import('./index');
    const key = query.routeKey(listArticles, { query: { languageCode: 'de' } });
    query.queryClient.setQueryData(key, { articles: [ARTICLE] });
    kit.session.setUser({ uid: 'u1', name: 'A', email: 'a@b.c', role: 'User' });
    expect(query.queryClient.getQueryData(key)).toBeDefined(); // the page on screen stays
    kit.session.setUser({ uid: 'u2', name: 'B', email: 'b@b.c', role: 'User' });
    await waitFor(() => expect(query.queryClient.getQueryData(key)).toBeUndefined());
  });
});
