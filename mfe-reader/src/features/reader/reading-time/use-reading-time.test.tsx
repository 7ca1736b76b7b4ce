// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positions } from '@verba/kit';
import { KitProviders, queryClient } from '@verba/kit/query';
import { callsTo, json, mockApi } from '../../../test/mock-api';
import { TextReading } from './TextReading';
import { useReadingTime } from './use-reading-time';

const ARTICLE = '00000000-0000-4000-8000-000000000042';

function Page({ page, text }: { page: number; text: string }) {
  useReadingTime(ARTICLE, 'de', page, text);
  return <p>{text}</p>;
}

let hidden = false;
beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const api = () => mockApi({ 'POST /api/articles/reading-time': () => json({ position: '5.1' }) });
const seconds = async (n: number) => act(async () => void (await vi.advanceTimersByTimeAsync(n * 1000)));

describe('the reader reports its active time on each page', () => {
  it("sends a page's active seconds and its words when the learner turns to the next page", async () => {
    const fetchMock = api();
    const { rerender } = render(<Page page={1} text="Der Hund schläft im Garten." />);
    await seconds(30);
    rerender(<Page page={2} text="Die Katze nicht." />);
    await seconds(0);
    expect(callsTo(fetchMock, 'POST', '/api/articles/reading-time').map((c) => c.body)).toEqual([
      expect.objectContaining({ articleId: ARTICLE, language: 'de', pageNumber: 1, seconds: 30, words: 5 }),
    ]);
  });

  it('leaves out time the tab was hidden and time after two minutes without any interaction', async () => {
    const fetchMock = api();
    const { unmount } = render(<Page page={3} text="Ein zwei drei." />);
    await seconds(20);
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await seconds(600); // hidden ten minutes
    hidden = false;
    window.dispatchEvent(new Event('keydown'));
    await seconds(10);
    await seconds(600); // back, then untouched ten minutes: two of them count
    unmount();
    await seconds(0);
    expect(callsTo(fetchMock, 'POST', '/api/articles/reading-time').map((c) => c.body)).toEqual([
      expect.objectContaining({ pageNumber: 3, seconds: 20 + 120, words: 3 }),
    ]);
  });

  it('sends nothing for a page shown less than a second', async () => {
    const fetchMock = api();
    const { unmount } = render(<Page page={1} text="Kurz." />);
    unmount();
    await seconds(0);
    expect(callsTo(fetchMock, 'POST', '/api/articles/reading-time')).toEqual([]);
  });
});

describe("the text's figures at its end", () => {
  it('say the words read and the words a minute', async () => {
    vi.useRealTimers();
    mockApi({
      'GET /api/analytics/reading': () => json({ articleId: ARTICLE, wordsRead: 1234, pagesRead: 6, seconds: 600, wordsPerMinute: 123 }),
    });
    render(
      <KitProviders>
        <TextReading articleId={ARTICLE} />
      </KitProviders>,
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'You have read 1,234 words of this text in 10 minutes: 123 words a minute',
    );
  });

  it('say "under a minute" for a short text read fast', async () => {
    vi.useRealTimers();
    mockApi({
      'GET /api/analytics/reading': () => json({ articleId: ARTICLE, wordsRead: 36, pagesRead: 1, seconds: 6, wordsPerMinute: 360 }),
    });
    render(
      <KitProviders>
        <TextReading articleId={ARTICLE} />
      </KitProviders>,
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'You have read 36 words of this text in under a minute: 360 words a minute',
    );
  });

  it('say nothing before a page was read', async () => {
    vi.useRealTimers();
    const fetchMock = mockApi({
      'GET /api/analytics/reading': () => json({ articleId: ARTICLE, wordsRead: 0, pagesRead: 0, seconds: 0, wordsPerMinute: null }),
    });
    render(
      <KitProviders>
        <TextReading articleId={ARTICLE} />
      </KitProviders>,
    );
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/analytics/reading')).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
