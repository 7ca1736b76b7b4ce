import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { formatLastPracticed, lastPracticedLabel } from './last-practiced';

const utc = (y: number, m: number, d: number, h = 12, min = 0) => Date.UTC(y, m - 1, d, h, min);
const DAY = 86_400_000;
const NOW = utc(2025, 3, 15, 12);
const label = (last: number | undefined, now = NOW) => lastPracticedLabel(last, now);
const text = (last: number | undefined, now = NOW) => formatLastPracticed(label(last, now));

describe('lastPracticedLabel', () => {
  it('is never when there is no date', () => {
    expect(label(undefined)).toEqual({ unit: 'never', count: 0 });
    expect(text(undefined)).toBe('never');
  });

  it('uses UTC calendar days, not 24-hour spans', () => {
    expect(label(utc(2025, 3, 15, 0, 0))).toEqual({ unit: 'today', count: 0 });
    // One minute earlier, but yesterday in UTC.
    expect(label(utc(2025, 3, 14, 23, 59), utc(2025, 3, 15, 0, 0))).toEqual({ unit: 'days', count: 1 });
    // Almost 2 full days earlier is still just 1 calendar day.
    expect(label(utc(2025, 3, 14, 0, 0), utc(2025, 3, 15, 23, 59))).toEqual({ unit: 'days', count: 1 });
  });

  it('treats future timestamps as today', () => {
    expect(label(NOW + 3 * DAY)).toEqual({ unit: 'today', count: 0 });
  });

  it('counts days 1..6, then weeks from day 7', () => {
    expect(label(NOW - DAY)).toEqual({ unit: 'days', count: 1 });
    expect(label(NOW - 6 * DAY)).toEqual({ unit: 'days', count: 6 });
    expect(label(NOW - 7 * DAY)).toEqual({ unit: 'weeks', count: 1 });
    expect(label(NOW - 13 * DAY)).toEqual({ unit: 'weeks', count: 1 });
    expect(label(NOW - 14 * DAY)).toEqual({ unit: 'weeks', count: 2 });
  });

  it('counts weeks under 5 weeks, then months', () => {
    expect(label(NOW - 34 * DAY)).toEqual({ unit: 'weeks', count: 4 });
    expect(label(NOW - 35 * DAY)).toEqual({ unit: 'months', count: 1 });
  });

  it('counts whole calendar months under 12 months', () => {
    expect(label(utc(2025, 1, 15))).toEqual({ unit: 'months', count: 2 });
    expect(label(utc(2025, 1, 16))).toEqual({ unit: 'months', count: 1 });
    expect(label(utc(2024, 4, 16))).toEqual({ unit: 'months', count: 10 });
    expect(label(utc(2024, 3, 16))).toEqual({ unit: 'months', count: 11 });
  });

  it('counts whole years from 12 months', () => {
    expect(label(utc(2024, 3, 15))).toEqual({ unit: 'years', count: 1 });
    expect(label(utc(2023, 3, 16))).toEqual({ unit: 'years', count: 1 });
    expect(label(utc(2023, 3, 15))).toEqual({ unit: 'years', count: 2 });
  });

  it('handles 29 February: the anniversary is reached on 1 March', () => {
    expect(label(utc(2024, 2, 29), utc(2025, 2, 28))).toEqual({ unit: 'months', count: 11 });
    expect(label(utc(2024, 2, 29), utc(2025, 3, 1))).toEqual({ unit: 'years', count: 1 });
  });

  it('rejects invalid dates', () => {
    expect(() => lastPracticedLabel(new Date('x'), NOW)).toThrow(RangeError);
  });
});

describe('formatLastPracticed', () => {
  it('formats the spec examples', () => {
    expect(text(NOW)).toBe('today');
    expect(text(NOW - DAY)).toBe('1 day ago');
    expect(text(NOW - 3 * DAY)).toBe('3 days ago');
    expect(text(NOW - 14 * DAY)).toBe('2 weeks ago');
    expect(text(NOW - 28 * DAY)).toBe('4 weeks ago');
    expect(text(utc(2024, 12, 15))).toBe('3 months ago');
    expect(text(utc(2024, 3, 15))).toBe('1 year ago');
    expect(text(utc(2023, 1, 1))).toBe('2 years ago');
  });

  it('uses the singular for 1 week and 1 month', () => {
    expect(text(NOW - 7 * DAY)).toBe('1 week ago');
    expect(text(NOW - 35 * DAY)).toBe('1 month ago');
  });
});

describe('lastPracticedLabel bands (property)', () => {
  it('keeps every count inside its band: 1..6 days, 1..4 weeks (under 5), 1..11 months (under 12), then years', () => {
    const limits = { days: [1, 6], weeks: [1, 4], months: [1, 11], years: [1, 100] } as const;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 * 365 * DAY }), fc.integer({ min: 0, max: DAY - 1 }), (ago, timeOfDay) => {
        const now = utc(2026, 1, 1, 0) + 400 * DAY + timeOfDay;
        const days = Math.floor(now / DAY) - Math.floor((now - ago) / DAY);
        const { unit, count } = label(now - ago, now);
        if (days === 0) return unit === 'today';
        if (unit === 'today' || unit === 'never') return false;
        const expectedUnit = days < 7 ? 'days' : days < 35 ? 'weeks' : days < 365 ? 'months' : days > 366 ? 'years' : unit;
        const [min, max] = limits[unit];
        return unit === expectedUnit && count >= min && count <= max;
      }),
      { numRuns: 2000 },
    );
  });

  it('turns 12 months into a year on the calendar anniversary, and 35 days across February into one month', () => {
    expect(label(utc(2024, 3, 16), NOW)).toEqual({ unit: 'months', count: 11 }); // a day short of a year
    expect(label(utc(2024, 3, 15), NOW)).toEqual({ unit: 'years', count: 1 });
    expect(label(utc(2025, 1, 31), utc(2025, 3, 7))).toEqual({ unit: 'months', count: 1 }); // 35 days, February in between
    expect(label(utc(2025, 2, 1), utc(2025, 3, 7))).toEqual({ unit: 'weeks', count: 4 }); // 34 days
  });

  it("counts days in the learner's time zone when given one", () => {
    // 23:30 on 12 January in Los Angeles (07:30 UTC on the 13th), seen at 00:30 on the 13th there (08:30 UTC).
    const last = Date.parse('2026-01-13T07:30:00Z');
    const now = Date.parse('2026-01-13T08:30:00Z');
    expect(lastPracticedLabel(last, now)).toEqual({ unit: 'today', count: 0 }); // one UTC day
    expect(lastPracticedLabel(last, now, 'America/Los_Angeles')).toEqual({ unit: 'days', count: 1 });
    // 16:30 there is already the next UTC day, but still today for the learner.
    expect(lastPracticedLabel(Date.parse('2026-01-12T23:00:00Z'), Date.parse('2026-01-13T00:30:00Z'), 'America/Los_Angeles')).toEqual({
      unit: 'today',
      count: 0,
    });
  });
});
