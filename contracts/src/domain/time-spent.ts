const SECONDS_PER_TENTH_HOUR = 360;

/**
 * Seconds as hours with one decimal, rounded half up: 5400 → "1.5",
 * 3599 → "1.0", 180 → "0.1", 179 → "0.0". Works in whole tenths of an hour
 * to avoid floating-point rounding surprises. Negative or non-finite input
 * is treated as 0 (no time spent). No thousands separators.
 */
export function formatHours(seconds: number): string {
  const safeSeconds = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const tenths = Math.floor((safeSeconds + SECONDS_PER_TENTH_HOUR / 2) / SECONDS_PER_TENTH_HOUR);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
