import { DAY_MS, toEpochMs } from './time';

/**
 * The learner's own day: streaks, "today" and daily figures count calendar days in the learner's time zone
 * (an IANA name, e.g. "America/Los_Angeles"), while events keep UTC instants. A learner who never chose a
 * zone (accounts older than the setting) counts in UTC.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The refusal of a time zone the platform does not know. */
export const unknownTimeZone = (zone: string) =>
  `"${zone}" is not a time zone we know. Choose one from the list, for example Europe/Berlin.`;

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (making one is the costly part); throws a RangeError for an unknown zone. */
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** True when `zone` is an IANA time zone this runtime knows (as Intl does: "Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `zone` at `ms`, read back as if it were UTC (so its difference to `ms` is the zone's offset). */
function wallClockMs(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatIn(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function localDay(instant: Date | number, zone: string): string {
  const ms = toEpochMs(instant, 'instant');
  return new Date(wallClockMs(ms, zone)).toISOString().slice(0, 10);
}

/** The day `n` calendar days after `day` (before it when negative), both YYYY-MM-DD. */
export function addLocalDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant of the calendar day `day` in `zone`: its midnight, or the first minute after it that
 * exists when a clock change skips midnight (as some zones do in spring).
 */
export function startOfLocalDay(day: string, zone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Midnight at the zone's offset half a day before and half a day after it (a clock change may lie between):
  // the earlier one that shows midnight on the clock is the day's start.
  const candidates = [midnight - DAY_MS / 2, midnight + DAY_MS / 2].map((probe) => midnight - (wallClockMs(probe, zone) - probe));
  const atMidnight = candidates.filter((ms) => wallClockMs(ms, zone) === midnight).sort((a, b) => a - b);
  if (atMidnight.length) return new Date(atMidnight[0]!);
  // No midnight that day (the clock jumps over it): the first minute the day has.
  const MINUTE = 60_000;
  let ms = Math.min(...candidates) - 3 * 60 * MINUTE;
  while (localDay(ms, zone) < day) ms += MINUTE;
  return new Date(ms);
}

/** The first instant of the day after the one `now` falls on in `zone`: the end of the learner's "today". */
export function endOfLocalDay(now: Date | number, zone: string): Date {
  return startOfLocalDay(addLocalDays(localDay(now, zone), 1), zone);
}

/**
 * Every time zone's offset is a whole number of quarter hours, so counts kept per quarter hour (UTC) can be
 * summed into any learner's local days where they are read, whatever zone the learner picks later.
 */
export const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** The quarter hour an instant falls in, counted from 1970-01-01T00:00Z (an ISO time or epoch ms). */
export function quarterHourOf(instant: string | number): number {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError('instant is not a valid date');
  return Math.floor(ms / QUARTER_HOUR_MS);
}
