import { DEFAULT_TIME_ZONE, localDay } from './local-days';
import { DAY_MS, pluralize, toEpochMs } from './time';

export type LastPracticedUnit = 'never' | 'today' | 'days' | 'weeks' | 'months' | 'years';

export interface LastPracticedLabel {
  readonly unit: LastPracticedUnit;
  /** 0 for "never" and "today". */
  readonly count: number;
}

/** Calendar day number of a YYYY-MM-DD day, so 23:59 yesterday is "1 day ago" even one minute later. */
function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** Whole calendar months from one day to another (YYYY-MM-DD); the month only counts once its day-of-month is reached. */
function wholeMonthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm);
  return td < fd ? months - 1 : months;
}

/**
 * How long ago something was last practiced, in calendar days of the learner's time zone (UTC by default):
 * - undefined         → never
 * - same day          → today (also for timestamps in the future, i.e. clock skew)
 * - 1..6 days         → days
 * - 7..34 days        → weeks, rounded down (1..4; "under 5 weeks")
 * - under 12 months   → months (whole calendar months, at least 1)
 * - otherwise         → years (whole calendar years)
 */
export function lastPracticedLabel(
  lastPracticed: Date | number | undefined,
  now: Date | number,
  zone: string = DEFAULT_TIME_ZONE,
): LastPracticedLabel {
  if (lastPracticed === undefined) return { unit: 'never', count: 0 };
  const fromDay = localDay(toEpochMs(lastPracticed, 'lastPracticed'), zone);
  const nowDay = localDay(toEpochMs(now, 'now'), zone);
  const days = dayNumber(nowDay) - dayNumber(fromDay);
  if (days <= 0) return { unit: 'today', count: 0 };
  if (days < 7) return { unit: 'days', count: days };
  if (days < 35) return { unit: 'weeks', count: Math.floor(days / 7) };
  // 35+ days always spans at least one whole calendar month; max() is a guard only.
  const months = Math.max(1, wholeMonthsBetween(fromDay, nowDay));
  if (months < 12) return { unit: 'months', count: months };
  return { unit: 'years', count: Math.floor(months / 12) };
}

const SINGULAR: Readonly<Record<'days' | 'weeks' | 'months' | 'years', string>> = {
  days: 'day',
  weeks: 'week',
  months: 'month',
  years: 'year',
};

/** English text: "never", "today", "1 day ago", "2 weeks ago", "1 year ago". */
export function formatLastPracticed(label: LastPracticedLabel): string {
  if (label.unit === 'never' || label.unit === 'today') return label.unit;
  return `${pluralize(label.count, SINGULAR[label.unit])} ago`;
}
