import { DAY_MS } from './time';

/** Streaks over UTC days written YYYY-MM-DD (practice days, days with any activity). */

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * Consecutive days ending today, or yesterday when today has none yet: a streak is not lost until the
 * day is over.
 */
export function currentStreak(days: ReadonlySet<string>, today: string): number {
  let day = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/** The longest run of consecutive days in `sortedDays` (ascending, no repeats). */
export function longestStreak(sortedDays: readonly string[]): number {
  let best = 0;
  let run = 0;
  for (const [i, day] of sortedDays.entries()) {
    run = i > 0 && addDays(sortedDays[i - 1]!, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}
