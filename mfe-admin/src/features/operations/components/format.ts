import { LAG_COUNT_CAP, type ProjectionState } from '@verba/contracts/http';

const integer = new Intl.NumberFormat('en-GB');

export const count = (n: number) => integer.format(n);

/** Bytes in the unit that reads best (KiB, MiB, GiB). */
export function bytes(n: number | null): string {
  if (n === null) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Events behind: "unknown" where the store cannot count them, "more than 10,000" past the count's cap. */
export function lagEvents(lag: { lagEvents: number | null; lagCapped: boolean }): string {
  if (lag.lagEvents === null) return 'unknown';
  return lag.lagCapped ? `more than ${count(LAG_COUNT_CAP)}` : count(lag.lagEvents);
}

/** A duration in seconds as people say it: 0 s, 42 s, 3 min, 2 h 5 min, 3 d. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d`;
}

/** How long before the server's `now` a moment was, by the server's clock (no skew with this browser's). */
export function ago(at: string | null, now: string): string {
  if (at === null) return 'never';
  return `${duration(Math.max(0, (Date.parse(now) - Date.parse(at)) / 1000))} ago`;
}

export const when = (at: string) => new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const STATE_LABELS: Record<ProjectionState, string> = {
  'caught-up': 'Caught up',
  behind: 'Behind',
  rebuilding: 'Rebuilding',
  failing: 'Failing',
  unknown: 'Unknown',
};
