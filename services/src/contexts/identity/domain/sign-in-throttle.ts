import { createHash } from 'node:crypto';
import { MESSAGES } from '@verba/contracts';
import type { Cache } from '../../../platform/cache/port';
import { RateLimitedError } from '../../../platform/http/problem';

/**
 * Failed sign-ins are throttled per (account, client), never per account alone: someone who knows an
 * email can slow down their own guesses, not lock its owner out. The client is the request's address.
 */
export const SIGN_IN_THROTTLE = {
  /** Failures of one account from one client before any wait. */
  freeFailures: 5,
  /** The wait after the last free failure; it doubles with each further failure, up to `maxDelayMs`. */
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  /** A pair's failures are forgotten this long after its first one, or at a successful sign-in. */
  failureMemoryMs: 24 * 60 * 60 * 1000,
  /** Credential stuffing: failures from one client across all accounts, per fixed window. */
  perClient: { failures: 30, windowMs: 15 * 60 * 1000 },
  /** One attempt per pair at a time; a crashed attempt frees the pair after this long. */
  attemptLeaseMs: 10_000,
};
export type SignInThrottleLimits = typeof SIGN_IN_THROTTLE;

/** 429 with the spec's text and `retryAfterSeconds` (sent as Retry-After). */
export class SignInThrottled extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(MESSAGES.signIn.tooManyAttempts, retryAfterSeconds);
  }
}

/** The wait after the `failures`-th failure: none while free, then base, 2 base, 4 base ... capped. */
export function backoffMs(failures: number, limits: SignInThrottleLimits = SIGN_IN_THROTTLE): number {
  if (failures < limits.freeFailures) return 0;
  const doublings = Math.min(failures - limits.freeFailures, 40); // 2^40 ms is past any cap
  return Math.min(limits.baseDelayMs * 2 ** doublings, limits.maxDelayMs);
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 32);

/**
 * Kept in the cache port, so every api process sharing Redis sees the same counters. Waits are stored as
 * "not before" instants of the injected clock (tests move it), with a TTL so they vanish on their own.
 * Addresses are hashed: the cache never holds one in clear.
 */
export class SignInThrottle {
  constructor(
    private readonly cache: Cache,
    private readonly now: () => Date,
    private readonly limits: SignInThrottleLimits = SIGN_IN_THROTTLE,
  ) {}

  /**
   * Runs one sign-in attempt of `account` (an email's lookup hash) from `client`. `check` answers the user's
   * result on the right password and `undefined` on a wrong one (counted as a failure). Throws SignInThrottled,
   * without calling `check`, while the pair or the client must wait or another attempt of the pair is running.
   */
  async attempt<T>(account: string, client: string, check: () => Promise<T | undefined>): Promise<T | undefined> {
    const pair = digest(account, client);
    const clientKey = digest(client);
    const keys = {
      lease: `signin:lease:${pair}`,
      failures: `signin:failures:${pair}`,
      wait: `signin:wait:${pair}`,
      clientFailures: `signin:client-failures:${clientKey}`,
      clientWait: `signin:client-wait:${clientKey}`,
    };
    // Atomic on Redis too: concurrent attempts of one pair cannot all slip past the wait before one fails.
    const lease = await this.cache.increment(keys.lease, this.limits.attemptLeaseMs);
    if (lease.count > 1) throw new SignInThrottled(1);
    try {
      const [pairWait, clientWait] = await Promise.all([this.cache.get(keys.wait), this.cache.get(keys.clientWait)]);
      const until = Math.max(Number(pairWait ?? 0), Number(clientWait ?? 0));
      const now = this.now().getTime();
      if (until > now) throw new SignInThrottled(Math.max(1, Math.ceil((until - now) / 1000)));

      const result = await check();
      if (result !== undefined) {
        await this.cache.delete(keys.failures, keys.wait);
        return result;
      }
      const [failures, clientFailures] = await Promise.all([
        this.cache.increment(keys.failures, this.limits.failureMemoryMs),
        this.cache.increment(keys.clientFailures, this.limits.perClient.windowMs),
      ]);
      const at = this.now().getTime();
      const delay = backoffMs(failures.count, this.limits);
      if (delay > 0) await this.cache.set(keys.wait, String(at + delay), delay);
      if (clientFailures.count >= this.limits.perClient.failures) {
        await this.cache.set(keys.clientWait, String(at + clientFailures.resetInMs), clientFailures.resetInMs);
      }
      return undefined;
    } finally {
      await this.cache.delete(keys.lease);
    }
  }
}
