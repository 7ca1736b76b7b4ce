import { describe, expect, it } from 'vitest';
import { formatInterval, newSchedule, ratingIntervals, reschedule } from './fsrs-schedule';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('FSRS interval preview', () => {
  it('shows the learning steps of a new card as Anki does: 1m, 6m, 10m and days for Easy', () => {
    expect(ratingIntervals(newSchedule(T0), T0)).toEqual({ again: '1m', hard: '6m', good: '10m', easy: '8d' });
  });

  it('previews exactly what reviewing with each rating schedules', () => {
    let card = newSchedule(T0);
    let at = T0;
    for (const [gap, rating] of [
      [0, 'good'],
      [10 * MINUTE, 'good'],
      [3 * DAY, 'hard'],
      [9 * DAY, 'again'],
    ] as const) {
      at = new Date(at.getTime() + gap);
      const labels = ratingIntervals(card, at);
      for (const r of ['again', 'hard', 'good', 'easy'] as const) {
        expect(labels[r]).toBe(formatInterval(Date.parse(reschedule(card, at, r).due) - at.getTime()));
      }
      card = reschedule(card, at, rating);
    }
    expect(card.state).toBe('relearning');
    expect(ratingIntervals(card, new Date(Date.parse(card.lastReview!)))).toMatchObject({ again: '10m' });
  });

  it('formats minutes, hours, days, months and years', () => {
    expect(
      [
        0,
        30_000,
        MINUTE,
        10 * MINUTE,
        59 * MINUTE,
        60 * MINUTE,
        5 * 60 * MINUTE,
        DAY,
        4 * DAY,
        29 * DAY,
        45 * DAY,
        60 * DAY,
        400 * DAY,
      ].map(formatInterval),
    ).toEqual(['1m', '1m', '1m', '10m', '59m', '1h', '5h', '1d', '4d', '29d', '1.5mo', '2mo', '1.1y']);
  });
});
