import { describe, it, expect } from 'vitest';
import { formatHours } from './time-spent';

describe('formatHours', () => {
  it.each([
    [0, '0.0'],
    [5400, '1.5'],
    [3599, '1.0'],
    [3600, '1.0'],
    [179, '0.0'],
    [180, '0.1'], // exactly 0.05 h rounds half up
    [5219, '1.4'],
    [5220, '1.5'], // exactly 1.45 h rounds half up
    [35820, '10.0'], // 9.95 h
    [35819, '9.9'],
    [360_000, '100.0'],
  ])('%i s → %s', (seconds, expected) => {
    expect(formatHours(seconds)).toBe(expected);
  });

  it('treats negative and non-finite input as no time', () => {
    expect(formatHours(-10)).toBe('0.0');
    expect(formatHours(Number.NaN)).toBe('0.0');
    expect(formatHours(Number.POSITIVE_INFINITY)).toBe('0.0');
  });

  it('handles fractional seconds', () => {
    expect(formatHours(179.9)).toBe('0.0');
    expect(formatHours(180.1)).toBe('0.1');
  });
});
