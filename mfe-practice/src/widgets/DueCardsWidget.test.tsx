// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@verba/kit';
import { resetAll } from '../test/cleanup';
import { info, json, mockApi } from '../test/practice-api';
import DueCardsWidget from './DueCardsWidget';

afterEach(resetAll);

// The shell renders the default export with no props and no providers of its own.
const mountLikeTheShell = (language = 'fr') => {
  session.setUser({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', currentLearningLanguage: language });
  return render(<DueCardsWidget />);
};

describe('due-cards widget', () => {
  it('shows the cards due now and today in the current language, with "Review now"', async () => {
    const api = mockApi({ 'GET /api/flashcards/info': () => json(info({ languageCode: 'fr', total: 9, dueNow: 4, dueToday: 7 })) });
    mountLikeTheShell();
    await screen.findByText('due now');
    expect(screen.getByText('due now').textContent).toBe('4 due now');
    expect(screen.getByText('due today').textContent).toBe('7 due today');
    expect(screen.getByRole('link', { name: 'Review now' }).getAttribute('href')).toBe('/app/practice-portal/practice-flashcards');
    expect(api.to('GET /api/flashcards/info')[0]?.query.get('languageCode')).toBe('fr');
  });

  it('with nothing due now says how many come later today and offers a game', async () => {
    mockApi({ 'GET /api/flashcards/info': () => json(info({ total: 3, dueNow: 0, dueToday: 2 })) });
    mountLikeTheShell('de');
    await screen.findByText(/Nothing due now; 2 cards later today\./);
    expect(screen.queryByRole('link', { name: 'Review now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Play a game' }).getAttribute('href')).toBe('/app/practice-portal');
  });

  it('without cards points to the library', async () => {
    mockApi({ 'GET /api/flashcards/info': () => json(info()) });
    mountLikeTheShell('de');
    await screen.findByText(/No flashcards yet/);
    expect(screen.getByRole('link', { name: 'Open the library' }).getAttribute('href')).toBe('/app/library');
  });
});
