// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DashboardFiguresSchema, PROGRESS_DAYS } from '@verba/contracts';
import { ProgressFigures } from './ProgressFigures';

afterEach(cleanup);

const TODAY = '2026-10-07'; // a Wednesday

/** A response as the route sends it (parsed with the contract schema), today being TODAY. */
function figures(overrides: Record<string, unknown> = {}) {
  const first = Date.parse(TODAY) - (PROGRESS_DAYS - 1) * 86_400_000;
  const days = Array.from({ length: PROGRESS_DAYS }, (_, i) => ({
    day: new Date(first + i * 86_400_000).toISOString().slice(0, 10),
    words: 0,
    reads: 0,
    reviews: 0,
    seconds: 0,
  }));
  return DashboardFiguresSchema.parse({
    languageCode: 'de',
    wordsKnown: 10,
    wordsUncertain: 0,
    familiesKnown: 10,
    familiesUncertain: 0,
    levelHint: 'A1',
    nextLevelAt: 800,
    streak: 4,
    activeToday: true,
    timeSpent: 600,
    days,
    ...overrides,
  });
}

const counts = { words: 0, reviews: 0, readSeconds: 0, pages: 0 };
const figure = (name: string) => screen.getByText(name, { selector: 'dt' }).parentElement!;

describe("the dashboard's daily goal, streak and year", () => {
  it("shows today's progress toward the goal in its own words, with a meter, and the streak of days it was met", () => {
    render(
      <ProgressFigures
        figures={figures({ goal: { kind: 'reviews', amount: 20 }, today: { ...counts, reviews: 12 }, goalMet: false, streak: 4 })}
      />,
    );
    expect(within(figure('Daily goal')).getByText('12 of 20 reviews')).toBeTruthy();
    const meter = within(figure('Daily goal')).getByRole('progressbar', { name: "Today's progress toward your daily goal" });
    expect(meter.getAttribute('value')).toBe('12');
    expect(meter.getAttribute('max')).toBe('20');
    expect(within(figure('Streak')).getByText('4 days')).toBeTruthy();
    expect(within(figure('Streak')).getByText('Meet today’s goal to keep it going')).toBeTruthy();
  });

  it('counts minutes read as whole minutes, and says when the goal is met', () => {
    render(
      <ProgressFigures
        figures={figures({ goal: { kind: 'minutes', amount: 15 }, today: { ...counts, readSeconds: 1000 }, goalMet: true })}
      />,
    );
    expect(within(figure('Daily goal')).getByText('16 of 15 minutes read')).toBeTruthy();
    expect(within(figure('Daily goal')).getByText('Met today')).toBeTruthy();
    expect(within(figure('Streak')).getByText('Goal met today')).toBeTruthy();
  });

  it('offers to set a goal when there is none, and shows the words read in all', () => {
    render(<ProgressFigures figures={figures({ wordsRead: 12345 })} />);
    expect(within(figure('Daily goal')).getByRole('link', { name: 'Set a daily goal' }).getAttribute('href')).toBe(
      '/app/user-profile/user-info',
    );
    expect(within(figure('Words read')).getByText('12,345')).toBeTruthy();
    expect(within(figure('Streak')).getByText('Active today')).toBeTruthy();
  });

  it('draws 53 weeks of 7 days ending with this week, each day named with its amount, shaded by its share of the goal', () => {
    const { container } = render(
      <ProgressFigures
        figures={figures({
          goal: { kind: 'pages', amount: 4 },
          year: [
            { day: '2026-10-05', ...counts, pages: 1 },
            { day: '2026-10-06', ...counts, pages: 4 },
            { day: TODAY, ...counts, pages: 9 },
          ],
        })}
      />,
    );
    const grid = screen.getByRole('group', { name: 'Activity by day, 53 weeks' });
    expect(container.querySelectorAll('.sh-heatmap__grid > .sh-heatmap__cell')).toHaveLength(53 * 7);
    // Thursday to Sunday of this week are still to come: no cell for them.
    expect(within(grid).getAllByRole('img')).toHaveLength(52 * 7 + 3);
    const cell = (name: string) => within(grid).getByRole('img', { name });
    expect(cell('Mon, Oct 5, 2026: 1 page read').getAttribute('data-level')).toBe('1');
    expect(cell('Tue, Oct 6, 2026: 4 pages read').getAttribute('data-level')).toBe('3');
    expect(cell('Wed, Oct 7, 2026: 9 pages read').getAttribute('data-level')).toBe('4');
    expect(cell('Wed, Oct 7, 2026: 9 pages read').getAttribute('title')).toBe('Wed, Oct 7, 2026: 9 pages read');
    expect(cell('Sun, Oct 4, 2026: 0 pages read').getAttribute('data-level')).toBe('0');
    expect(screen.getByText('Over the last 53 weeks: active on 3 days, daily goal met on 2.')).toBeTruthy();
  });

  it('without a goal, shades the year by all activity against the busiest day', () => {
    render(
      <ProgressFigures
        figures={figures({
          year: [
            { day: '2026-10-06', ...counts, words: 2, reviews: 2 },
            { day: TODAY, ...counts, reviews: 1, readSeconds: 600, pages: 5 },
          ],
        })}
      />,
    );
    const grid = screen.getByRole('group', { name: 'Activity by day, 53 weeks' });
    expect(within(grid).getByRole('img', { name: 'Wed, Oct 7, 2026: 16 things done' }).getAttribute('data-level')).toBe('4');
    expect(within(grid).getByRole('img', { name: 'Tue, Oct 6, 2026: 4 things done' }).getAttribute('data-level')).toBe('1');
    expect(screen.getByText('Over the last 53 weeks: active on 2 days.')).toBeTruthy();
  });
});
