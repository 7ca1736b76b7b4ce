import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@verba/contracts';
import { rangeOf } from './routes';

describe('the date range of the analytics routes', () => {
  const now = new Date('2026-10-15T12:00:00Z');

  it('defaults to the 30 days ending today (UTC), both included', () => {
    expect(rangeOf({}, now)).toEqual({ from: '2026-09-16', to: '2026-10-15' });
    expect(rangeOf({ to: '2026-03-01' }, now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('refuses a start after the end, and more than 3 years, with the message the admin sees', () => {
    expect(() => rangeOf({ from: '2026-10-02', to: '2026-10-01' }, now)).toThrow(ANALYTICS_MESSAGES.badRange);
    expect(() => rangeOf({ from: '2020-01-01', to: '2026-10-01' }, now)).toThrow(ANALYTICS_MESSAGES.rangeTooLong);
    expect(rangeOf({ from: '2026-10-01', to: '2026-10-01' }, now)).toEqual({ from: '2026-10-01', to: '2026-10-01' });
  });
});
