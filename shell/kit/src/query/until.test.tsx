// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRating } from '@verba/contracts/http';
import { positions } from '@verba/kit';
import { KitProviders, queryClient, useRouteQueryUntil } from './index';

const ARTICLE_ID = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';

/** Answers each read with how many reads came before: the third read is the change waited for. */
function countingServer() {
  let reads = 0;
  return vi.fn(async () => {
    reads += 1;
    return new Response(JSON.stringify({ articleId: ARTICLE_ID, rating: reads, averageRating: 4, ratings: 1 }), { status: 200 });
  });
}

function Waiting({ forMs }: { forMs: number }) {
  const q = useRouteQueryUntil(
    getRating,
    { query: { articleId: ARTICLE_ID } },
    { until: (d) => (d?.rating ?? 0) >= 3, forMs, everyMs: 20 },
  );
  return <p>{q.waiting ? 'waiting' : `rating ${q.data?.rating}`}</p>;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  vi.unstubAllGlobals();
});

describe('useRouteQueryUntil', () => {
  it('reads again until the answer shows the change, then stops', async () => {
    const server = countingServer();
    vi.stubGlobal('fetch', server);
    render(
      <KitProviders>
        <Waiting forMs={10_000} />
      </KitProviders>,
    );
    expect(await screen.findByText('rating 3')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(server).toHaveBeenCalledTimes(3);
  });

  it('gives up after forMs and shows what it read', async () => {
    const server = countingServer();
    vi.stubGlobal('fetch', server);
    render(
      <KitProviders>
        <Waiting forMs={0} />
      </KitProviders>,
    );
    expect(await screen.findByText('rating 1')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(server).toHaveBeenCalledTimes(1);
  });
});
