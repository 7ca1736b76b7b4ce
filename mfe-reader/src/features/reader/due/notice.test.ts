import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@verba/contracts';
import { knewItNotice } from './notice';

const MINUTE_MS = 60_000;

const NOW = Date.parse('2026-05-12T10:00:00Z');

describe('the notice after "I knew it here"', () => {
  it('says when the card is next due, as the practice portal says it, without a full stop', () => {
    expect(knewItNotice({ scheduled: true, dueDateStamp: NOW + 4 * DAY_MS + MINUTE_MS }, NOW)).toBe('Next review in 4 days');
    expect(knewItNotice({ scheduled: true, dueDateStamp: NOW + 10 * MINUTE_MS }, NOW)).toBe('Next review in 1 hour');
    expect(knewItNotice({ scheduled: true, dueDateStamp: NOW + 200 * DAY_MS }, NOW)).toBe('Next review in more than 6 months');
  });

  it('says a review already counted today, with the due date it keeps', () => {
    expect(knewItNotice({ scheduled: false, dueDateStamp: NOW + 15 * DAY_MS }, NOW)).toBe('Already counted today: next review in 2 weeks');
  });
});
