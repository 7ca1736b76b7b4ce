import { FREE_TTS_CALLS_PER_MONTH } from './limits';
import type { Subscription } from './subscriptions';

/** The per-user counter as stored; the stamp is epoch milliseconds of the last counted call. */
export interface TtsLimits {
  readonly ttsApiCalls: number;
  readonly lastTtsApiCallStamp?: number;
}

export interface TtsAllowance {
  readonly allowed: boolean;
  /** What to store as ttsApiCalls (with lastTtsApiCallStamp = now) if the call is made. */
  readonly callsUsedAfter: number;
  readonly remaining: number | 'unlimited';
}

/** Months since 1970-01 in UTC; comparing these avoids day/length-of-month edge cases. */
function utcMonthNumber(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** Calls already used in now's UTC month. */
function callsUsedThisMonth(limits: TtsLimits, now: number): number {
  const stamp = limits.lastTtsApiCallStamp;
  // No stamp means no call was ever recorded against a month, so nothing counts.
  if (stamp === undefined || !Number.isFinite(stamp)) return 0;
  // Only an earlier month resets; a stamp ahead of now (clock skew) keeps the count.
  if (utcMonthNumber(stamp) < utcMonthNumber(now)) return 0;
  return Number.isFinite(limits.ttsApiCalls) ? Math.max(0, limits.ttsApiCalls) : 0;
}

/**
 * Whether one more text-to-speech call is allowed now (epoch ms). Free users
 * get FREE_TTS_CALLS_PER_MONTH per UTC calendar month; Master is unlimited but
 * still counted so usage stays visible.
 */
export function ttsAllowance(subscription: Subscription, limits: TtsLimits, now: number): TtsAllowance {
  const used = callsUsedThisMonth(limits, now);
  if (subscription === 'master') {
    return { allowed: true, callsUsedAfter: used + 1, remaining: 'unlimited' };
  }
  if (used >= FREE_TTS_CALLS_PER_MONTH) {
    return { allowed: false, callsUsedAfter: used, remaining: 0 };
  }
  return { allowed: true, callsUsedAfter: used + 1, remaining: FREE_TTS_CALLS_PER_MONTH - used - 1 };
}
