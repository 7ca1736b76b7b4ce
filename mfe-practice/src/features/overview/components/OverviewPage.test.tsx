// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOUR_MS } from '@verba/contracts';
import { recordTime } from '@verba/contracts/http';
import { PracticeApp } from '../../../PracticeApp';
import { resetAll } from '../../../test/cleanup';
import { NOW, info, json, mockApi, renderSignedIn } from '../../../test/practice-api';

afterEach(resetAll);

const openPortal = (path = '/app/practice-portal') => {
  window.history.pushState(null, '', path);
  return renderSignedIn(<PracticeApp />);
};

describe('practice portal overview', () => {
  it('shows due now, due today, learned and the streak, with the entry points to every game', async () => {
    const api = mockApi({
      'GET /api/flashcards/info': () =>
        json(info({ total: 12, dueNow: 3, dueToday: 5, learned: 4, streak: 6, practicedToday: true, nextDueStamp: NOW })),
    });
    openPortal();
    const stats = await screen.findByLabelText('Your flashcards');
    const text = stats.textContent;
    expect(text).toContain('Due now3');
    expect(text).toContain('Due today5');
    expect(text).toContain('Learned4of 12 cards');
    expect(text).toContain('Streak6 daysPracticed today');
    expect(api.to('GET /api/flashcards/info')[0]?.query.get('languageCode')).toBe('de');

    expect(screen.getByRole('link', { name: 'Review 3 cards now' }).getAttribute('href')).toBe('/app/practice-portal/practice-flashcards');
    const games = within(screen.getByRole('list', { name: 'Ways to practice' }));
    const hrefs = games.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/app/practice-portal/practice-flashcards',
      '/app/practice-portal/match-words',
      '/app/practice-portal/practice-match-words',
      '/app/practice-portal/quick-quiz',
      '/app/practice-portal/flashcards',
    ]);
    expect(screen.getByRole('navigation', { name: 'Practice' }).querySelector('[aria-current="page"]')?.textContent).toBe('Overview');
  });

  it('says when the next review is due when nothing is due now', async () => {
    mockApi({ 'GET /api/flashcards/info': () => json(info({ total: 2, streak: 1, nextDueStamp: NOW + 3 * HOUR_MS - 60_000 })) });
    openPortal();
    expect((await screen.findByText(/Nothing is due now/)).textContent).toBe('Nothing is due now. Next review in 3 hours.');
    expect(screen.queryByRole('link', { name: /Review .* now/ })).toBeNull();
    expect(screen.getByText('Streak').parentElement?.textContent).toContain('1 day');
  });

  it('without cards explains how to add words from the reader', async () => {
    mockApi({ 'GET /api/flashcards/info': () => json(info()) });
    openPortal();
    await screen.findByRole('heading', { name: 'No flashcards yet' });
    expect(screen.getByText(/Open an article in German, select a word and add it to your flashcards/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the library' }).getAttribute('href')).toBe('/app/library');
  });

  it('shows an error with a retry when the overview cannot be loaded', async () => {
    mockApi({ 'GET /api/flashcards/info': () => json({ title: 'Service unavailable', status: 400, detail: 'Try later' }, 400) });
    openPortal();
    expect((await screen.findByRole('alert')).textContent).toContain('Your practice could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sends the seconds spent practising with PATCH /api/user/time when the learner leaves (the server counts them for the current language)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // the portal's clock only: it still loads on real timers
    const api = mockApi({
      'GET /api/flashcards/info': () => json(info({ total: 2, dueNow: 1 })),
      'PATCH /api/user/time': () => json(recordTime.response.parse({ ok: true })),
    });
    const { unmount } = openPortal();
    await screen.findByLabelText('Your flashcards');
    expect(api.to('PATCH /api/user/time')).toHaveLength(0);
    vi.setSystemTime(Date.now() + 125_000);
    unmount();
    await waitFor(() => expect(api.to('PATCH /api/user/time')).toHaveLength(1));
    expect(recordTime.body.parse(api.to('PATCH /api/user/time')[0]!.body)).toEqual({ seconds: 125 });
  });

  it('an unknown practice subpath offers the way back instead of a blank area', async () => {
    mockApi({});
    openPortal('/app/practice-portal/nope');
    await screen.findByRole('heading', { name: 'This practice page does not exist' });
    expect(screen.getByRole('link', { name: 'Go to Practice' }).getAttribute('href')).toBe('/app/practice-portal');
  });
});
