// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { flashcardsAnalytics } from '@verba/contracts/http';
import { PracticeApp } from '../../../PracticeApp';
import { resetAll } from '../../../test/cleanup';
import { info, json, mockApi, renderSignedIn } from '../../../test/practice-api';

afterEach(resetAll);

/** A flashcards/analytics answer as the route sends it, parsed with the contract's response schema. */
function analytics(overrides: Record<string, unknown> = {}, reviews: Record<number, number> = {}) {
  const days = Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10),
    reviews: reviews[i] ?? 0,
  }));
  return flashcardsAnalytics.response.parse({
    languageCode: 'de',
    streak: 2,
    longestStreak: 5,
    days,
    cardsByState: { new: 4, learning: 2, review: 7, relearning: 1 },
    retention: { reviews: 40, lapses: 6, rate: 0.85 },
    ...overrides,
  });
}

const openPortal = () => {
  window.history.pushState(null, '', '/app/practice-portal');
  return renderSignedIn(<PracticeApp />);
};

describe('practice statistics on the portal overview', () => {
  it('shows retention, the longest streak, known and uncertain, reviews per day and the cards by state', async () => {
    const api = mockApi({
      'GET /api/flashcards/info': () => json(info({ total: 14, known: 9, uncertain: 5, learned: 7, mastered: 2 })),
      'GET /api/flashcards/analytics': () => json(analytics({}, { 27: 3, 29: 12 })),
    });
    openPortal();
    const stats = await screen.findByLabelText('Practice statistics');
    expect(stats.textContent).toContain('Retention85%6 of 40 reviews forgot a learned card');
    expect(stats.textContent).toContain('Longest streak5days in a row');
    expect(stats.textContent).toContain('Known · Uncertain9 · 52 mastered');

    const chart = screen.getByRole('img', { name: 'Reviews per day over the last 30 days: 15 in all.' });
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars).toHaveLength(30);
    expect(Number(bars[29]!.getAttribute('height'))).toBeGreaterThan(Number(bars[27]!.getAttribute('height')));
    expect(bars[29]!.querySelector('title')!.textContent).toBe('Oct 30: 12 reviews');

    const states = within(screen.getByRole('list', { name: 'Cards by state' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(states).toEqual([
      '4NewNot reviewed yet',
      '2LearningIn their first steps',
      '7LearnedGraduated to longer intervals',
      '1RelearningForgotten, back in short steps',
    ]);
    expect(api.to('GET /api/flashcards/analytics')[0]?.query.get('languageCode')).toBe('de');
  });

  it('before the first review: no retention figure yet, every card new', async () => {
    mockApi({
      'GET /api/flashcards/info': () => json(info({ total: 3 })),
      'GET /api/flashcards/analytics': () =>
        json(
          analytics({
            streak: 0,
            longestStreak: 0,
            cardsByState: { new: 3, learning: 0, review: 0, relearning: 0 },
            retention: { reviews: 0, lapses: 0, rate: null },
          }),
        ),
    });
    openPortal();
    const stats = await screen.findByLabelText('Practice statistics');
    expect(stats.textContent).toContain('Retention–No reviews yet');
    expect(screen.getByRole('img', { name: 'Reviews per day over the last 30 days: 0 in all.' })).toBeTruthy();
  });

  it('a failed statistics call shows its own error with a retry, and the overview stays', async () => {
    mockApi({
      'GET /api/flashcards/info': () => json(info({ total: 3, dueNow: 1 })),
      'GET /api/flashcards/analytics': () =>
        json(
          {
            type: 'about:blank',
            title: 'Internal Server Error',
            status: 500,
            detail: 'Something went wrong',
            message: 'Something went wrong',
          },
          500,
        ),
    });
    openPortal();
    expect(await screen.findByText('Your statistics could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review 1 card now' })).toBeTruthy();
  });
});
