/** Time units in milliseconds, shared by the date-based labels. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Accepts a Date or epoch milliseconds; rejects invalid dates instead of producing NaN labels. */
export function toEpochMs(value: Date | number, name: string): number {
  const ms = typeof value === 'number' ? value : value.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`${name} is not a valid date`);
  return ms;
}

/** English "1 day" / "3 days"; units are given in the singular. */
export function pluralize(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
