import { parsePosition } from '../event-store/port';
import type { ReadYourWrites } from '../module';
import { HttpError } from './problem';

// Normally milliseconds; the bound covers a projector held back by a long transaction elsewhere on the
// server (readers see the log only below the oldest one in flight).
export const READ_WAIT_MS = 5000;

/**
 * Read-your-writes for queries: given the position a command returned, wait (bounded) until the named
 * projections (all of this process's when none are named) have applied it. Past the bound the client is told to retry rather than shown old data.
 */
export function readAfterFor(runner: ReadYourWrites, projections?: string[]) {
  return async (minPosition: string | undefined): Promise<void> => {
    if (!minPosition) return;
    const position = parsePosition(minPosition);
    if (await runner.waitFor(position, { projections, timeoutMs: QUICK_MS })) return;
    // Not there at once: a position past the end of the log was never returned by a command (a client's
    // bug or a guess), and waiting for it would only end in a 503.
    if (!(await runner.inLog(position))) throw new HttpError(400, NOT_IN_LOG);
    if (await runner.waitFor(position, { projections, timeoutMs: READ_WAIT_MS })) return;
    throw new HttpError(503, 'Your latest change is still being saved; please try again in a moment.');
  };
}

/** The usual wait; past it the position is checked against the log before waiting longer. */
const QUICK_MS = 50;
export const NOT_IN_LOG = 'minPosition is not a position of this log: send the position a command returned';
