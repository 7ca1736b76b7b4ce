import { describe, expect, it } from 'vitest';
import {
  QUARTER_HOUR_MS,
  addLocalDays,
  endOfLocalDay,
  isTimeZone,
  localDay,
  quarterHourOf,
  startOfLocalDay,
  unknownTimeZone,
} from './local-days';

const at = (iso: string) => new Date(iso);

describe("the learner's own day", () => {
  it('California: the day rolls over at local midnight, not at 16:00 as a UTC day would', () => {
    // 16:30 in Los Angeles (PST, UTC-8) is 00:30 UTC the next day: still the same local day.
    expect(localDay(at('2026-01-13T00:30:00Z'), 'America/Los_Angeles')).toBe('2026-01-12');
    expect(localDay(at('2026-01-13T00:30:00Z'), 'UTC')).toBe('2026-01-13');
    // 23:59 in Los Angeles is 07:59 UTC; a minute later a new local day begins.
    expect(localDay(at('2026-01-13T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-01-12');
    expect(localDay(at('2026-01-13T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-01-13');
  });

  it('zones ahead of UTC reach the next day first', () => {
    expect(localDay(at('2026-05-10T22:30:00Z'), 'Europe/Berlin')).toBe('2026-05-11'); // 00:30 CEST
    expect(localDay(at('2026-05-10T14:59:00Z'), 'Pacific/Auckland')).toBe('2026-05-11'); // 02:59 NZST
    expect(localDay(at('2026-05-10T18:29:00Z'), 'Asia/Kolkata')).toBe('2026-05-10'); // 23:59 IST (UTC+5:30)
    expect(localDay(at('2026-05-10T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-05-11');
    expect(localDay(at('2026-05-10T18:15:00Z'), 'Asia/Kathmandu')).toBe('2026-05-11'); // 00:00 NPT (UTC+5:45)
  });

  it('zones behind UTC are still on the previous day', () => {
    expect(localDay(at('2026-05-11T03:00:00Z'), 'America/New_York')).toBe('2026-05-10'); // 23:00 EDT
    expect(localDay(at('2026-05-11T09:59:00Z'), 'Pacific/Honolulu')).toBe('2026-05-10'); // 23:59 HST
  });

  it('takes each instant at the offset of its own date around a daylight-saving change', () => {
    // Berlin springs forward on 29 March 2026 at 02:00 CET -> 03:00 CEST: midnight is UTC+1, the next UTC+2.
    expect(startOfLocalDay('2026-03-29', 'Europe/Berlin')).toEqual(at('2026-03-28T23:00:00Z'));
    expect(startOfLocalDay('2026-03-30', 'Europe/Berlin')).toEqual(at('2026-03-29T22:00:00Z'));
    expect(localDay(at('2026-03-29T21:59:00Z'), 'Europe/Berlin')).toBe('2026-03-29'); // 23:59 CEST
    expect(localDay(at('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
    // Los Angeles falls back on 1 November 2026 at 02:00 PDT -> 01:00 PST: that day has 25 hours.
    const start = startOfLocalDay('2026-11-01', 'America/Los_Angeles');
    const next = startOfLocalDay('2026-11-02', 'America/Los_Angeles');
    expect(start).toEqual(at('2026-11-01T07:00:00Z'));
    expect(next).toEqual(at('2026-11-02T08:00:00Z'));
    expect(next.getTime() - start.getTime()).toBe(25 * 3_600_000);
  });

  it('starts a day whose midnight a clock change skips at the first minute it has', () => {
    // Santiago de Chile moves from 24:00 on 5 September 2026 to 01:00 on the 6th (UTC-4 -> UTC-3).
    expect(startOfLocalDay('2026-09-06', 'America/Santiago')).toEqual(at('2026-09-06T04:00:00Z'));
    expect(localDay(at('2026-09-06T03:59:00Z'), 'America/Santiago')).toBe('2026-09-05');
  });

  it('ends "today" at the next local midnight', () => {
    expect(endOfLocalDay(at('2026-01-12T20:00:00Z'), 'America/Los_Angeles')).toEqual(at('2026-01-13T08:00:00Z'));
    expect(endOfLocalDay(at('2026-01-12T20:00:00Z'), 'UTC')).toEqual(at('2026-01-13T00:00:00Z'));
    expect(endOfLocalDay(at('2026-01-12T20:00:00Z'), 'Asia/Tokyo')).toEqual(at('2026-01-13T15:00:00Z'));
  });

  it('steps calendar days across months and years', () => {
    expect(addLocalDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addLocalDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('knows IANA zones and refuses others with a clear message', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(unknownTimeZone('Mars/Olympus_Mons')).toBe(
      '"Mars/Olympus_Mons" is not a time zone we know. Choose one from the list, for example Europe/Berlin.',
    );
  });

  it('counts quarter hours from 1970 UTC: each one lies within one local day in every zone', () => {
    expect(quarterHourOf('1970-01-01T00:14:59.999Z')).toBe(0);
    expect(quarterHourOf('1970-01-01T00:15:00Z')).toBe(1);
    const q = quarterHourOf('2026-05-10T18:29:59Z');
    expect(q).toBe(quarterHourOf(Date.parse('2026-05-10T18:15:00Z')));
    for (const zone of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Eucla', 'America/Los_Angeles']) {
      expect(localDay(q * QUARTER_HOUR_MS, zone)).toBe(localDay((q + 1) * QUARTER_HOUR_MS - 1, zone));
    }
  });
});
