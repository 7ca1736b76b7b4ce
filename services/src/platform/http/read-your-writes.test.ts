import { describe, expect, it } from 'vitest';
import type { Position } from '../event-store/port';
import { NOT_IN_LOG, READ_WAIT_MS, readAfterFor } from './read-your-writes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A runner whose projections reach `reach.at` after `reach.afterMs`, over a log whose last committed
 * event is `last`, and whose log check takes `checkMs`. Its clock runs 50 times fast for the wait's
 * bound, so a wait that never succeeds ends in 100 ms instead of READ_WAIT_MS.
 */
function runner(o: { reach: { at: bigint; afterMs: number }; last: bigint; checkMs?: number }) {
  const calls = { waits: [] as number[], checks: 0 };
  return {
    calls,
    async waitFor(position: Position, options: { timeoutMs?: number } = {}) {
      calls.waits.push(options.timeoutMs ?? 0);
      const bound = (options.timeoutMs ?? 0) / 50;
      if (position.transaction > o.reach.at || o.reach.afterMs > bound) {
        await sleep(bound);
        return false;
      }
      await sleep(o.reach.afterMs);
      return true;
    },
    async inLog(position: Position) {
      calls.checks++;
      await sleep(o.checkMs ?? 0);
      return position.transaction <= o.last;
    },
  };
}

describe('read-your-writes', () => {
  it('answers at once when the projections already reached the position, without asking the log', async () => {
    const r = runner({ reach: { at: 10n, afterMs: 0 }, last: 10n });
    await readAfterFor(r, ['p'])('9.1');
    expect(r.calls).toEqual({ waits: [READ_WAIT_MS], checks: 0 });
  });

  it('refuses, with 400, a position past the end of the log (it never came from a command) without waiting out the bound', async () => {
    const r = runner({ reach: { at: 10n, afterMs: 0 }, last: 10n });
    const started = Date.now();
    await expect(readAfterFor(r, ['p'])('99999999.1')).rejects.toMatchObject({ status: 400, message: NOT_IN_LOG });
    expect(Date.now() - started).toBeLessThan(95);
    expect(r.calls.checks).toBe(1);
  });

  it('waits for a committed position the projections have not reached, then says to retry', async () => {
    const r = runner({ reach: { at: 5n, afterMs: 0 }, last: 10n });
    await expect(readAfterFor(r, ['p'])('8.1')).rejects.toMatchObject({ status: 503 });
    expect(r.calls.checks).toBe(1);
  });

  it('answers as soon as the projections get there after the quick wait, not after the slower log check', async () => {
    const r = runner({ reach: { at: 10n, afterMs: 80 }, last: 10n, checkMs: 2000 });
    const started = Date.now();
    await readAfterFor(r, ['p'])('9.1');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(r.calls.checks).toBe(1);
  });
});
