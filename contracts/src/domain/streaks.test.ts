import { describe, expect, it } from 'vitest';
import { currentStreak, longestStreak } from './streaks';

describe('currentStreak', () => {
  const days = new Set(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-05']);
  it('counts back from today when today is active', () => expect(currentStreak(days, '2026-10-05')).toBe(1));
  it("keeps yesterday's streak while today is not over", () => expect(currentStreak(days, '2026-10-04')).toBe(3));
  it('is lost after a whole day without activity', () => expect(currentStreak(days, '2026-10-06')).toBe(1));
  it('is 0 after two idle days', () => expect(currentStreak(days, '2026-10-07')).toBe(0));
  it('crosses a month end', () => expect(currentStreak(new Set(['2026-09-30', '2026-10-01']), '2026-10-01')).toBe(2));
});

describe('longestStreak', () => {
  it('is the longest run of consecutive days, across a month end', () => {
    expect(longestStreak(['2026-09-29', '2026-09-30', '2026-10-01', '2026-10-03', '2026-10-04'])).toBe(3);
  });
  it('is 1 for days apart and 0 without days', () => {
    expect(longestStreak(['2026-10-01', '2026-10-03'])).toBe(1);
    expect(longestStreak([])).toBe(0);
  });
});
