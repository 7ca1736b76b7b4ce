// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { callsTo, json, mockApi, profile, series, summary, type Handler } from '../../../test/mock-api';
import { LibraryPage } from './LibraryPage';

const A = summary({ id: '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Der Hund', difficulty: 'Easy', totalWords: 120 });
const B = summary({
  id: '1f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Die Reise',
  category: 'Travel',
  generalDifficulty: 'B1',
  difficulty: 'Very Difficult',
  isPrivate: true,
  isAuthor: true,
});
const SERIES = series({ id: '2f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b', title: 'Tiergeschichten' });

const page = (articles: unknown[], total = articles.length, pageNumber = 1) => json({ articles, page: pageNumber, pageSize: 20, total });

function mockLibrary(list: (url: URL) => Response = () => page([A, B]), overrides: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/articles': list,
    'GET /api/series/get': () => json({ series: [SERIES] }),
    'GET /api/articles/last-articles': () => json({ articles: [] }),
    'GET /api/user/profile': () => json(profile()),
    'PATCH /api/user/settings': () => json({ message: 'not needed by the test' }, 500),
    ...overrides,
  });
}

const renderLibrary = () =>
  render(
    <KitProviders>
      <LibraryPage />
    </KitProviders>,
  );

beforeEach(() => {
  session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'de' });
  window.localStorage.clear();
});
resetAfterEach();

describe('LibraryPage', () => {
  it('lists articles in a table by default, each with its difficulty label and a link to the reader', async () => {
    mockLibrary();
    renderLibrary();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Der Hund', 'Die Reise']);
    expect(within(rows[0]!).getByText('Easy')).toBeTruthy();
    expect(within(rows[1]!).getByText('Very Difficult')).toBeTruthy();
    expect(within(rows[1]!).getByText('Private')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(`/app/library/${A.id}`);
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when a label is estimated from the learner’s level, in the table and on the cards', async () => {
    mockLibrary(() => page([{ ...A, difficultyEstimated: true }, B]));
    renderLibrary();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    const estimate = within(rows[0]!).getByText('Estimated: Easy');
    expect(estimate.getAttribute('title')).toBe('Estimated from your level until you have marked 500 words');
    expect(within(rows[1]!).getByText('Very Difficult').getAttribute('title')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    expect(within(screen.getAllByRole('listitem')[0]!).getByText('Estimated: Easy')).toBeTruthy();
  });

  it('shows each card’s average rating and how many learners read it', async () => {
    mockLibrary(() => page([{ ...A, averageRating: 4.5, ratings: 2, totalReads: 3 }, B]));
    renderLibrary();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText(/Rated 4.5 \(2\) · 3 readers/)).toBeTruthy();
    expect(within(second!).getByText(/Not rated yet · 0 readers/)).toBeTruthy();
  });

  it('shows the recently read articles of the language above the list, newest first, with how far the learner read each', async () => {
    const C = summary({ id: '3f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Im Zoo' });
    const fetchMock = mockLibrary(undefined, {
      'GET /api/articles/last-articles': () => json({ articles: [B, A, C] }),
      'GET /api/articles/progress': (url) =>
        json({
          languageCode: url.searchParams.get('languageCode'),
          items: [
            { articleId: A.id, progress: 45, completed: false, updatedAt: 2 },
            { articleId: B.id, progress: 100, completed: true, updatedAt: 3 },
          ],
        }),
    });
    renderLibrary();
    const recent = await screen.findByRole('region', { name: 'Recently read' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Die Reise', `/app/library/${B.id}`],
      ['Der Hund', `/app/library/${A.id}`],
      ['Im Zoo', `/app/library/${C.id}`],
    ]);
    // Opened but no page turned yet: no progress to show for "Im Zoo".
    const shown = () =>
      within(recent)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    await waitFor(() =>
      expect(shown()).toEqual(['Die Reise B1 · Travel · Finished', 'Der Hund A1 · Children · 45% read', 'Im Zoo A1 · Children']),
    );
    expect(callsTo(fetchMock, 'GET', '/api/articles/progress').map((c) => c.url.searchParams.get('languageCode'))).toEqual(['de']);
    expect(callsTo(fetchMock, 'GET', '/api/articles/last-articles')[0]?.url.searchParams.get('languageCode')).toBe('de');
    expect(screen.getByRole('link', { name: 'My articles' }).getAttribute('href')).toBe('/app/my-articles');
  });

  it('switches to cards, keeps the choice in this browser and in the account settings', async () => {
    const fetchMock = mockLibrary();
    renderLibrary();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(window.localStorage.getItem('verba:library-view')).toBe('cards');
    expect(callsTo(fetchMock, 'PATCH', '/api/user/settings').map((c) => c.body)).toEqual([{ library: { view: 'cards' } }]);

    // A return visit opens in cards.
    cleanup();
    renderLibrary();
    await screen.findByText('Die Reise');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("opens in the view of the account's settings when this browser has no choice yet", async () => {
    mockLibrary(undefined, { 'GET /api/user/profile': () => json(profile({ library: { view: 'cards' } })) });
    renderLibrary();
    await screen.findByText('Die Reise');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sends each filter, the search and the sort to the server, back at page 1', async () => {
    const fetchMock = mockLibrary();
    renderLibrary();
    await screen.findByRole('table');
    const lastQuery = () => Object.fromEntries(callsTo(fetchMock, 'GET', '/api/articles').at(-1)!.url.searchParams);

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Travel' } });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'B1' } });
    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: 'Ideal' } });
    fireEvent.change(screen.getByLabelText('Series'), { target: { value: SERIES.id } });
    fireEvent.change(screen.getByLabelText('Premium'), { target: { value: 'true' } });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'mine' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'rating' } });
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        languageCode: 'de',
        pageSize: '20',
        page: '1',
        category: 'Travel',
        level: 'B1',
        difficulty: 'Ideal',
        seriesId: SERIES.id,
        premium: 'true',
        scope: 'mine',
        sort: 'rating',
      }),
    );

    fireEvent.change(screen.getByLabelText('Search by title'), { target: { value: '  Hund ' } });
    await waitFor(() => expect(lastQuery().search).toBe('Hund'));
  });

  it('keeps a filter chosen while the search is still waiting to run, and the search too', async () => {
    const fetchMock = mockLibrary();
    renderLibrary();
    await screen.findByRole('table');
    const lastQuery = () => Object.fromEntries(callsTo(fetchMock, 'GET', '/api/articles').at(-1)!.url.searchParams);
    vi.useFakeTimers();
    try {
      // Typing, then a filter 80 ms later, before the search's pause (300 ms) has passed.
      fireEvent.change(screen.getByLabelText('Search by title'), { target: { value: 'Hund' } });
      act(() => vi.advanceTimersByTime(80));
      fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'B1' } });
      act(() => vi.advanceTimersByTime(400));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'Hund', level: 'B1', page: '1' }));
    expect((screen.getByLabelText('Level') as HTMLSelectElement).value).toBe('B1');

    // The other order: a filter first, then the search; both stay.
    vi.useFakeTimers();
    try {
      fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Travel' } });
      act(() => vi.advanceTimersByTime(20));
      fireEvent.change(screen.getByLabelText('Search by title'), { target: { value: 'Reise' } });
      act(() => vi.advanceTimersByTime(400));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'Reise', level: 'B1', category: 'Travel' }));
  });

  it("opens filtered to a series from the series page's link, first part first", async () => {
    window.history.replaceState(null, '', `/app/library?seriesId=${SERIES.id}`);
    const fetchMock = mockLibrary();
    renderLibrary();
    await screen.findByRole('table');
    expect(callsTo(fetchMock, 'GET', '/api/articles')[0]?.url.searchParams.get('seriesId')).toBe(SERIES.id);
    expect(callsTo(fetchMock, 'GET', '/api/articles')[0]?.url.searchParams.get('sort')).toBe('oldest');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('oldest');
    await waitFor(() => expect((screen.getByLabelText('Series') as HTMLSelectElement).value).toBe(SERIES.id));
    window.history.replaceState(null, '', '/app/library');
  });

  it('pages through the results', async () => {
    const fetchMock = mockLibrary((url) => page([A], 45, Number(url.searchParams.get('page') ?? 1)));
    renderLibrary();
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(callsTo(fetchMock, 'GET', '/api/articles').at(-1)!.url.searchParams.get('page')).toBe('2');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says when nothing matches the filters, and offers to clear them', async () => {
    mockLibrary((url) => page(url.searchParams.has('category') ? [] : [A]));
    renderLibrary();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Sports' } });
    await screen.findByRole('heading', { name: 'No articles match these filters' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear filters' })));
    await screen.findByRole('table');
  });

  it('says when the language has no articles at all', async () => {
    mockLibrary(() => page([]));
    renderLibrary();
    await screen.findByRole('heading', { name: 'No articles in German yet' });
  });
});
