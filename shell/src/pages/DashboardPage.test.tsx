// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_DAYS } from '@verba/contracts';
import { positions, session, type SessionUser } from '@verba/kit';
import { queryClient } from '@verba/kit/query';
import { DashboardPage } from './DashboardPage';

// The fragments' widgets load remote code; this page's own part is the greeting and the progress.
vi.mock('../federation/RemoteWidget', () => ({ RemoteWidget: () => null }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const first = Date.parse('2026-10-05') - (PROGRESS_DAYS - 1) * 86_400_000;
const FIGURES = {
  languageCode: 'de',
  wordsKnown: 1234,
  wordsUncertain: 66,
  familiesKnown: 0,
  familiesUncertain: 0,
  levelHint: 'A2',
  nextLevelAt: 2000,
  streak: 3,
  activeToday: true,
  timeSpent: 5400,
  days: Array.from({ length: PROGRESS_DAYS }, (_, i) => ({
    day: new Date(first + i * 86_400_000).toISOString().slice(0, 10),
    words: 0,
    reads: 0,
    reviews: 0,
    seconds: 0,
  })),
};

const LEARNER: SessionUser = { uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', currentLearningLanguage: 'de' };

/** The figures route; `answers` are given in turn, the last one repeated. Each answer can wait for `release`. */
function mockFigures(...answers: Array<() => Response | Promise<Response>>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith('/api/analytics/progress')) throw new Error(`unexpected ${url}`);
      urls.push(url);
      return (answers.length > 1 ? answers.shift() : answers[0])!();
    }),
  );
  return urls;
}

const level = () => document.querySelector('.sh-level-badge__code')?.textContent;

afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  session.reset();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('greets the learner, says the progress is loading, then shows the figures and the level badge', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const urls = mockFigures(async () => {
      await answered;
      return json(FIGURES);
    });
    session.setUser({ ...LEARNER, languageLevels: { de: 'B1' } });
    render(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Ana!');
    expect(await screen.findByText('Loading your progress…')).toBeTruthy();
    expect(level()).toBeUndefined();
    act(() => answer());
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.queryByText('Loading your progress…')).toBeNull();
    expect(level()).toBe('B1'); // the level the learner chose, over the hint
    expect(urls).toEqual(['/api/analytics/progress?languageCode=de']); // badge and figures: one read
  });

  it('reads the figures after this tab’s latest write', async () => {
    positions.record('12.3');
    const urls = mockFigures(() => json(FIGURES));
    session.setUser(LEARNER);
    render(<DashboardPage />);
    await screen.findByText('1,234');
    expect(level()).toBe('A2');
    expect(urls).toEqual(['/api/analytics/progress?languageCode=de&minPosition=12.3']);
  });

  it('says progress that could not be loaded, and loads it on retry', async () => {
    const urls = mockFigures(
      () => json({ message: 'Unsupported language' }, 400),
      () => json(FIGURES),
    );
    session.setUser(LEARNER);
    render(<DashboardPage />);
    expect(await screen.findByText('Your progress could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Unsupported language')).toBeTruthy();
    expect(level()).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.queryByText('Your progress could not be loaded.')).toBeNull();
    await waitFor(() => expect(level()).toBe('A2'));
    expect(urls).toHaveLength(2);
  });

  it('reads nothing for a learner with no language yet', async () => {
    const urls = mockFigures(() => json(FIGURES));
    session.setUser({ ...LEARNER, currentLearningLanguage: null });
    render(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Ana!');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Loading your progress…')).toBeNull();
    expect(urls).toEqual([]);
  });
});
