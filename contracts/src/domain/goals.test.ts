import { describe, expect, it } from 'vitest';
import {
  DailyGoalSchema,
  GOAL_MESSAGES,
  HEATMAP_WEEKS,
  goalAmountOf,
  goalStreak,
  heatmapLevel,
  heatmapWeeks,
  pageCountsAsRead,
  wordsPerMinute,
  type GoalDay,
} from './goals';
import { localDay } from './local-days';

const day = (d: string, counts: Partial<Omit<GoalDay, 'day'>> = {}): GoalDay => ({
  day: d,
  words: 0,
  reviews: 0,
  readSeconds: 0,
  pages: 0,
  ...counts,
});

describe('the daily goal a learner sets', () => {
  it('takes one kind and a whole amount from 1 to 1000', () => {
    expect(DailyGoalSchema.parse({ kind: 'reviews', amount: 20 })).toEqual({ kind: 'reviews', amount: 20 });
    expect(DailyGoalSchema.safeParse({ kind: 'minutes', amount: 1000 }).success).toBe(true);
  });

  it('refuses an amount out of bounds, a fraction and an unknown kind with messages a learner reads', () => {
    const message = (goal: unknown) => DailyGoalSchema.safeParse(goal).error?.issues[0]?.message;
    expect(message({ kind: 'words', amount: 0 })).toBe('Choose a daily goal from 1 to 1000.');
    expect(message({ kind: 'words', amount: 1001 })).toBe(GOAL_MESSAGES.amount);
    expect(message({ kind: 'words', amount: 2.5 })).toBe('Use a whole number.');
    expect(message({ kind: 'laps', amount: 5 })).toBe(GOAL_MESSAGES.kind);
  });

  it("counts a day's amount in the goal's kind: minutes are whole minutes of active reading", () => {
    const d = day('2026-10-01', { words: 3, reviews: 12, readSeconds: 599, pages: 4 });
    expect(goalAmountOf('words', d)).toBe(3);
    expect(goalAmountOf('reviews', d)).toBe(12);
    expect(goalAmountOf('pages', d)).toBe(4);
    expect(goalAmountOf('minutes', d)).toBe(9);
    expect(goalAmountOf('minutes', undefined)).toBe(0);
  });
});

describe('the streak of days the goal was met', () => {
  const goal = { kind: 'reviews', amount: 20 } as const;
  const days = [
    day('2026-10-01', { reviews: 25 }),
    day('2026-10-02', { reviews: 20 }),
    day('2026-10-03', { reviews: 19, words: 300 }), // busy, but not the goal: the streak breaks here
    day('2026-10-04', { reviews: 20 }),
    day('2026-10-05', { reviews: 40 }),
    day('2026-10-06', { reviews: 12 }),
  ];

  it('counts today once its goal is met', () => {
    expect(goalStreak([...days.slice(0, 5)], goal, '2026-10-05')).toBe(2);
  });

  it("keeps yesterday's streak while today's goal is not met yet, and loses it after a day without", () => {
    expect(goalStreak(days, goal, '2026-10-06')).toBe(2);
    expect(goalStreak(days, goal, '2026-10-07')).toBe(0);
  });

  it('counts days met before a day that missed it only up to that day', () => {
    expect(goalStreak(days, goal, '2026-10-02')).toBe(2);
    expect(goalStreak(days, goal, '2026-10-03')).toBe(2);
    expect(goalStreak(days, goal, '2026-10-04')).toBe(1);
  });

  /** Reviews at these instants, summed into the learner's own days in `zone`. */
  const daysIn = (zone: string, instants: string[]) => {
    const by = new Map<string, number>();
    for (const at of instants) by.set(localDay(new Date(at), zone), (by.get(localDay(new Date(at), zone)) ?? 0) + 1);
    return [...by].map(([d, reviews]) => day(d, { reviews }));
  };
  const one = { kind: 'reviews', amount: 1 } as const;
  // One review at 11:30Z on 1 October and one at 09:30Z on 2 October: in Auckland (UTC+13) 00:30 on 2 October and
  // 22:30 the same day; in Honolulu (UTC-10) 01:30 on 1 October and 23:30 the same day.
  const reviews = ['2026-10-01T11:30:00Z', '2026-10-02T09:30:00Z'];

  it('counts the learner’s own days: two reviews 22 hours apart are one day in UTC+13 and in UTC-10, two in UTC', () => {
    const now = new Date('2026-10-02T10:00:00Z');
    expect(goalStreak(daysIn('Pacific/Auckland', reviews), one, localDay(now, 'Pacific/Auckland'))).toBe(1);
    expect(goalStreak(daysIn('Pacific/Honolulu', reviews), one, localDay(now, 'Pacific/Honolulu'))).toBe(1);
    expect(goalStreak(daysIn('UTC', reviews), one, localDay(now, 'UTC'))).toBe(2);
    // Two a day: met on Auckland's 2 October and Honolulu's 1 October, on no UTC day.
    const two = { kind: 'reviews', amount: 2 } as const;
    expect(goalStreak(daysIn('Pacific/Auckland', reviews), two, '2026-10-02')).toBe(1);
    expect(goalStreak(daysIn('Pacific/Honolulu', reviews), two, '2026-10-01')).toBe(1);
    expect(goalStreak(daysIn('UTC', reviews), two, '2026-10-02')).toBe(0);
  });

  it('runs across a clock change (Berlin, 25 October 2026, a 25-hour day) day by day', () => {
    const berlin = ['2026-10-23T22:30:00Z', '2026-10-24T22:30:00Z', '2026-10-25T23:30:00Z']; // 00:30 local each day
    const days = daysIn('Europe/Berlin', berlin);
    expect(days.map((d) => d.day)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(goalStreak(days, one, localDay(new Date('2026-10-26T20:00:00Z'), 'Europe/Berlin'))).toBe(3);
  });
});

describe('pages read and words a minute', () => {
  it('count a page read only when it had words and the time reading them takes at 600 words a minute', () => {
    expect(pageCountsAsRead(200, 20)).toBe(true); // 600 words a minute
    expect(pageCountsAsRead(200, 19)).toBe(false); // faster: turned, not read
    expect(pageCountsAsRead(0, 60)).toBe(false);
  });

  it('are words over minutes, rounded; none before any time', () => {
    expect(wordsPerMinute(300, 120)).toBe(150);
    expect(wordsPerMinute(100, 45)).toBe(133);
    expect(wordsPerMinute(0, 0)).toBeNull();
  });
});

describe('the year heatmap', () => {
  it('levels a day by its share of the goal: none, under half, under the goal, met, twice over', () => {
    expect([0, 4, 10, 19, 20, 39, 40].map((n) => heatmapLevel(n, 20, 0))).toEqual([0, 1, 2, 2, 3, 3, 4]);
  });

  it('without a goal, levels by quarters of the busiest day (any activity at least 1)', () => {
    expect([0, 1, 25, 26, 50, 75, 100].map((n) => heatmapLevel(n, null, 100))).toEqual([0, 1, 1, 2, 2, 3, 4]);
  });

  it('lays out 53 weeks of 7 days, Monday first, the last week holding today and nothing after it', () => {
    const today = '2026-10-07'; // a Wednesday
    const amounts: Record<string, number> = { '2026-10-07': 20, '2026-10-05': 5, '2025-10-06': 1 };
    const weeks = heatmapWeeks(today, (d) => amounts[d] ?? 0, 20);
    expect(weeks).toHaveLength(HEATMAP_WEEKS);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const last = weeks.at(-1)!;
    expect(last.map((c) => c?.day ?? null)).toEqual(['2026-10-05', '2026-10-06', '2026-10-07', null, null, null, null]);
    expect(last[0]).toEqual({ day: '2026-10-05', amount: 5, level: 1 });
    expect(last[2]).toEqual({ day: '2026-10-07', amount: 20, level: 3 });
    expect(weeks[0]![0]).toEqual({ day: '2025-10-06', amount: 1, level: 1 });
  });
});
