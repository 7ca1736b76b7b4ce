import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { dueLabel, formatDueLabel } from './due-label';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => dueLabel(NOW + offsetMs, NOW);
const text = (offsetMs: number) => formatDueLabel(at(offsetMs));

describe('dueLabel', () => {
  it('is now when due at or before now', () => {
    expect(at(0)).toEqual({ unit: 'now', count: 0 });
    expect(at(-1)).toEqual({ unit: 'now', count: 0 });
    expect(at(-400 * DAY)).toEqual({ unit: 'now', count: 0 });
  });

  it('counts hours rounded up, at least 1, under a day', () => {
    expect(at(1)).toEqual({ unit: 'hours', count: 1 });
    expect(at(HOUR)).toEqual({ unit: 'hours', count: 1 });
    expect(at(HOUR + 1)).toEqual({ unit: 'hours', count: 2 });
    expect(at(3 * HOUR)).toEqual({ unit: 'hours', count: 3 });
    expect(at(DAY - 1)).toEqual({ unit: 'hours', count: 24 });
  });

  it('counts whole days from 1 day to under 7 days', () => {
    expect(at(DAY)).toEqual({ unit: 'days', count: 1 });
    expect(at(2 * DAY - 1)).toEqual({ unit: 'days', count: 1 });
    expect(at(2 * DAY)).toEqual({ unit: 'days', count: 2 });
    expect(at(7 * DAY - 1)).toEqual({ unit: 'days', count: 6 });
  });

  it('counts whole weeks from 7 days to under 28 days (never 4 weeks)', () => {
    expect(at(7 * DAY)).toEqual({ unit: 'weeks', count: 1 });
    expect(at(14 * DAY - 1)).toEqual({ unit: 'weeks', count: 1 });
    expect(at(14 * DAY)).toEqual({ unit: 'weeks', count: 2 });
    expect(at(28 * DAY - 1)).toEqual({ unit: 'weeks', count: 3 });
  });

  it('counts 30-day months from exactly 4 weeks', () => {
    expect(at(28 * DAY)).toEqual({ unit: 'months', count: 1 });
    expect(at(60 * DAY - 1)).toEqual({ unit: 'months', count: 1 });
    expect(at(60 * DAY)).toEqual({ unit: 'months', count: 2 });
  });

  it('is mastered only when more than 180 days away', () => {
    expect(at(180 * DAY)).toEqual({ unit: 'months', count: 6 });
    expect(at(180 * DAY + 1)).toEqual({ unit: 'mastered', count: 0 });
    expect(at(181 * DAY)).toEqual({ unit: 'mastered', count: 0 });
  });

  it('accepts Date objects and rejects invalid dates', () => {
    expect(dueLabel(new Date(NOW + 3 * DAY), new Date(NOW))).toEqual({ unit: 'days', count: 3 });
    expect(() => dueLabel(new Date('nope'), NOW)).toThrow(RangeError);
    expect(() => dueLabel(NOW, Number.NaN)).toThrow(RangeError);
  });
});

describe('formatDueLabel', () => {
  it('formats the spec examples', () => {
    expect(text(0)).toBe('now');
    expect(text(3 * HOUR)).toBe('in 3 hours');
    expect(text(2 * DAY)).toBe('in 2 days');
    expect(text(21 * DAY)).toBe('in 3 weeks');
    expect(text(60 * DAY)).toBe('in 2 months');
    expect(text(181 * DAY)).toBe('mastered');
  });

  it('uses the singular for 1', () => {
    expect(text(30 * MIN)).toBe('in 1 hour');
    expect(text(DAY)).toBe('in 1 day');
    expect(text(7 * DAY)).toBe('in 1 week');
    expect(text(28 * DAY)).toBe('in 1 month');
  });
});

describe('dueLabel bands (property)', () => {
  it('keeps every count inside its band: at most 24 hours, 1..6 days, 1..3 weeks (under 4), 1..6 months, then mastered', () => {
    const limits = { hours: [1, 24], days: [1, 6], weeks: [1, 3], months: [1, 6] } as const;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 * DAY }), (remaining) => {
        const { unit, count } = at(remaining);
        if (remaining > 180 * DAY) return unit === 'mastered';
        if (unit === 'now' || unit === 'mastered') return false;
        const [min, max] = limits[unit];
        const expectedUnit = remaining < DAY ? 'hours' : remaining < 7 * DAY ? 'days' : remaining < 28 * DAY ? 'weeks' : 'months';
        return unit === expectedUnit && count >= min && count <= max;
      }),
      { numRuns: 2000 },
    );
  });

  it('moves to the next unit exactly at each boundary', () => {
    const boundaries: [number, string, string][] = [
      [0, 'now', 'in 1 hour'],
      [DAY, 'in 24 hours', 'in 1 day'],
      [7 * DAY, 'in 6 days', 'in 1 week'],
      [28 * DAY, 'in 3 weeks', 'in 1 month'],
    ];
    for (const [edge, before, after] of boundaries) {
      expect(text(edge === 0 ? 0 : edge - 1)).toBe(before);
      expect(text(edge === 0 ? 1 : edge)).toBe(after);
    }
    expect(text(180 * DAY)).toBe('in 6 months');
    expect(text(180 * DAY + 1)).toBe('mastered');
  });
});
