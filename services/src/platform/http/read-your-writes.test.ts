import { describe, expect, it } from 'vitest';
import type { Position } from '../event-store/port';
import { NOT_IN_LOG, readAfterFor } from './read-your-writes';

/** A runner whose projections are at `at`, over a log whose last committed event is `last`. */
function runnerAt(at: bigint, last: bigint) {
  const waits: number[] = [];
  return {
    waits,
    async waitFor(position: Position, options: { timeoutMs?: number } = {}) {
      waits.push(options.timeoutMs ?? 0);
      return position.commit <= at;
    },
    async inLog(position: Position) {
      return position.commit <= last;
    },
  };
}

describe('read-your-writes', () => {
  it('answers at once when the projections already reached the position', async () => {
    const runner = runnerAt(10n, 10n);
    await readAfterFor(runner, ['p'])('9.1');
    expect(runner.waits).toHaveLength(1);
  });

  it('refuses at once, with 400, a position past the end of the log (it never came from a command)', async () => {
    const started = Date.now();
    await expect(readAfterFor(runnerAt(10n, 10n), ['p'])('99999999.1')).rejects.toMatchObject({ status: 400, message: NOT_IN_LOG });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('waits longer for a committed position the projections have not reached, then says to retry', async () => {
    const runner = runnerAt(5n, 10n);
    await expect(readAfterFor(runner, ['p'])('8.1')).rejects.toMatchObject({ status: 503 });
    expect(runner.waits.length).toBe(2);
    expect(runner.waits[1]).toBeGreaterThan(runner.waits[0]!);
  });
});
