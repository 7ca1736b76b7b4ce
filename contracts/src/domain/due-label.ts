import { DAY_MS, HOUR_MS, pluralize, toEpochMs } from './time';

/** Cards due further out than this have an interval long enough to count as learned. */
export const MASTERED_AFTER_DAYS = 180;
/** Months are counted as 30-day blocks, not calendar months. */
export const DUE_MONTH_DAYS = 30;

export type DueUnit = 'now' | 'hours' | 'days' | 'weeks' | 'months' | 'mastered';

export interface DueLabel {
  readonly unit: DueUnit;
  /** 0 for "now" and "mastered". */
  readonly count: number;
}

/**
 * When a flashcard is next due, from the remaining time due - now:
 * - <= 0                → now
 * - > 180 days          → mastered (exactly 180 days is still "6 months")
 * - < 1 day             → hours, rounded up (1 ms → 1 hour, 23h01 → 24 hours)
 * - < 7 days            → days, whole days elapsed (rounded down: 1..6)
 * - < 28 days           → weeks, rounded down (1..3)
 * - otherwise           → months of 30 days, rounded down, at least 1 (28 days → 1)
 * Rounding down above a day keeps every count inside its band, so there is
 * never an "in 7 days" or "in 4 weeks".
 */
export function dueLabel(dueDate: Date | number, now: Date | number): DueLabel {
  const remaining = toEpochMs(dueDate, 'dueDate') - toEpochMs(now, 'now');
  if (remaining <= 0) return { unit: 'now', count: 0 };
  if (remaining > MASTERED_AFTER_DAYS * DAY_MS) return { unit: 'mastered', count: 0 };
  if (remaining < DAY_MS) return { unit: 'hours', count: Math.ceil(remaining / HOUR_MS) };
  const days = Math.floor(remaining / DAY_MS);
  if (days < 7) return { unit: 'days', count: days };
  if (days < 28) return { unit: 'weeks', count: Math.floor(days / 7) };
  return { unit: 'months', count: Math.max(1, Math.floor(days / DUE_MONTH_DAYS)) };
}

const SINGULAR: Readonly<Record<'hours' | 'days' | 'weeks' | 'months', string>> = {
  hours: 'hour',
  days: 'day',
  weeks: 'week',
  months: 'month',
};

/** English text: "now", "in 1 hour", "in 3 weeks", "mastered". */
export function formatDueLabel(label: DueLabel): string {
  if (label.unit === 'now' || label.unit === 'mastered') return label.unit;
  return `in ${pluralize(label.count, SINGULAR[label.unit])}`;
}
