// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DashboardFiguresSchema, PROGRESS_DAYS } from '@verba/contracts';
import { ProgressFigures } from './ProgressFigures';
import { LevelBadge } from './LevelBadge';

afterEach(cleanup);

/** A response as the route sends it, parsed with the contract schema so the fixture cannot drift. */
function figures(overrides: Record<string, unknown> = {}, words: Record<number, number> = {}) {
  const first = Date.parse('2026-10-05') - (PROGRESS_DAYS - 1) * 86_400_000;
  const days = Array.from({ length: PROGRESS_DAYS }, (_, i) => ({
    day: new Date(first + i * 86_400_000).toISOString().slice(0, 10),
    words: words[i] ?? 0,
    reads: 0,
    reviews: 0,
    seconds: 0,
  }));
  return DashboardFiguresSchema.parse({
    languageCode: 'de',
    wordsKnown: 1234,
    wordsUncertain: 66,
    familiesKnown: 1100,
    familiesUncertain: 50,
    levelHint: 'A2',
    nextLevelAt: 2000,
    streak: 3,
    activeToday: true,
    timeSpent: 5400,
    days,
    ...overrides,
  });
}

describe('the dashboard figures', () => {
  it('show families and words known, the level hint by families with the next threshold, the streak and time spent in hours to one decimal', () => {
    render(<ProgressFigures figures={figures()} />);
    const figure = (name: string) => screen.getByText(name, { selector: 'dt' }).parentElement!;
    expect(within(figure('Families known')).getByText('1,100')).toBeTruthy();
    expect(within(figure('Families known')).getByText('50 uncertain families')).toBeTruthy();
    expect(within(figure('Words known')).getByText('1,234')).toBeTruthy();
    expect(within(figure('Words known')).getByText('66 uncertain words')).toBeTruthy();
    expect(within(figure('Level hint')).getByText('A2 · Low Intermediate')).toBeTruthy();
    expect(within(figure('Level hint')).getByText('1,150 of 2,000 word families for the next level')).toBeTruthy();
    expect(within(figure('Streak')).getByText('3 days')).toBeTruthy();
    expect(within(figure('Time spent')).getByText('1.5 hours')).toBeTruthy();
  });

  it('draws one bar per day, the tallest for the busiest day, and tells screen readers the total', () => {
    const { container } = render(<ProgressFigures figures={figures({}, { 10: 4, 29: 8 })} />);
    const bars = [...container.querySelectorAll<SVGRectElement>('.sh-chart__bar')];
    expect(bars).toHaveLength(PROGRESS_DAYS);
    const height = (i: number) => Number(bars[i]!.getAttribute('height'));
    expect(height(29)).toBeGreaterThan(height(10));
    expect(height(0)).toBe(0);
    expect(screen.getByRole('img', { name: 'Words marked per day over the last 30 days: 12 in all.' })).toBeTruthy();
    expect(bars[29]!.querySelector('title')!.textContent).toBe('Oct 5: 8 words');
  });

  it('says how to start when nothing was done yet; at C2 there is no next level', () => {
    render(
      <ProgressFigures
        figures={figures({
          wordsKnown: 15000,
          wordsUncertain: 0,
          familiesKnown: 12000,
          familiesUncertain: 0,
          levelHint: 'C2',
          nextLevelAt: null,
          streak: 0,
          activeToday: false,
          timeSpent: 0,
        })}
      />,
    );
    expect(screen.getByText('Read, mark or practise to start one')).toBeTruthy();
    expect(screen.getByText('12,000 word families counted: the highest level')).toBeTruthy();
    expect(screen.getByText('A word and its forms count once')).toBeTruthy();
    expect(screen.getByText('No words marked in the last 30 days yet: mark words as you read.')).toBeTruthy();
    expect(screen.getByText('0.0 hours')).toBeTruthy();
  });

  it("the header's badge is the learner's level, in words too", () => {
    render(<LevelBadge chosen={undefined} hint="B1" />);
    expect(screen.getByText('B1')).toBeTruthy();
    expect(screen.getByText('Intermediate')).toBeTruthy();
  });

  it('the badge shows the level the learner chose while their dictionary hints lower, and the hint once it is higher', () => {
    const badge = (chosen: unknown, hint: 'A1' | 'B2') => {
      const { container, unmount } = render(<LevelBadge chosen={chosen} hint={hint} />);
      const code = container.querySelector('.sh-level-badge__code')!.textContent;
      unmount();
      return code;
    };
    expect(badge('A2', 'A1')).toBe('A2'); // chose A2 in onboarding, no words marked yet
    expect(badge('A2', 'B2')).toBe('B2');
    expect(badge(undefined, 'A1')).toBe('A1');
    expect(badge('Z9', 'A1')).toBe('A1');
  });
});
