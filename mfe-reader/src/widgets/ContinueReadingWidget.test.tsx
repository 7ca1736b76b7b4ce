// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@verba/kit';
import { resetAfterEach } from '../test/reset';
import { callsTo, json, mockApi, problem, summary } from '../test/mock-api';
import ContinueReadingWidget from './ContinueReadingWidget';

const NEWEST = summary({
  id: '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Ein Morgen in der Bäckerei',
  generalDifficulty: 'A1',
  category: 'Food & Cooking',
  difficulty: 'Easy',
  difficultyEstimated: true,
});
const EARLIER = summary({ id: '1f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Die Speicherstadt' });

// Rendered bare, as the shell's dashboard does: the widget brings its own providers.
const renderWidget = () => render(<ContinueReadingWidget />);

beforeEach(() => {
  session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'fr' });
});
resetAfterEach();

describe('ContinueReadingWidget', () => {
  it('offers the last read article at the page the learner left it, with its label, and the ones before it', async () => {
    const fetchMock = mockApi({
      'GET /api/articles/last-articles': () => json({ articles: [NEWEST, EARLIER] }),
      'GET /api/articles/bookmark': () => json({ bookmark: { articleId: NEWEST.id, totalPages: 5, pageNumber: 2 } }),
    });
    renderWidget();
    expect(screen.getByRole('heading', { name: 'Continue reading' })).toBeTruthy();
    await screen.findByText('Ein Morgen in der Bäckerei');
    expect(screen.getByText('Estimated: Easy')).toBeTruthy();
    await screen.findByText('Page 2 of 5');
    const go = screen.getByRole('link', { name: 'Continue “Ein Morgen in der Bäckerei”' });
    expect(go.getAttribute('href')).toBe(`/app/library/${NEWEST.id}`);
    const before = within(screen.getByRole('list', { name: 'Read before' })).getByRole('link', { name: 'Die Speicherstadt' });
    expect(before.getAttribute('href')).toBe(`/app/library/${EARLIER.id}`);
    expect(callsTo(fetchMock, 'GET', '/api/articles/last-articles')[0]?.url.searchParams.get('languageCode')).toBe('fr');
    expect(callsTo(fetchMock, 'GET', '/api/articles/bookmark')[0]?.url.searchParams.get('articleId')).toBe(NEWEST.id);
  });

  it('leads a learner who has read nothing yet to the library', async () => {
    mockApi({ 'GET /api/articles/last-articles': () => json({ articles: [] }) });
    renderWidget();
    await screen.findByText('You have not opened a French article yet. Pick one in the library; it will wait here for you.');
    expect(screen.getByRole('link', { name: 'Open the library' }).getAttribute('href')).toBe('/app/library');
  });

  it('shows an error with a retry that asks again', async () => {
    let fail = true;
    mockApi({
      'GET /api/articles/last-articles': () => (fail ? problem(400, 'Invalid language') : json({ articles: [EARLIER] })),
      'GET /api/articles/bookmark': () => json({ bookmark: null }),
    });
    renderWidget();
    expect((await screen.findByRole('alert')).textContent).toContain('Your reading could not be loaded.Invalid language');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Die Speicherstadt');
    expect(screen.queryByText(/Page \d/)).toBeNull();
  });
});
