import { parsePosition } from '../event-store/port';
import type { ProjectionRunner } from '../projections/runner';
import { HttpError } from './problem';

// Normally milliseconds; the bound covers a projector held back by a long transaction elsewhere on the
// server (readers see the log only below the oldest one in flight).
export const READ_WAIT_MS = 5000;

/**
 * Read-your-writes for queries: given the position a command returned, wait (bounded) until the named
 * projections have applied it. Past the bound the client is told to retry rather than shown old data.
 */
export function readAfterFor(runner: Pick<ProjectionRunner, 'waitFor'>, projections: string[]) {
  return async (minPosition: string | undefined): Promise<void> => {
    if (!minPosition) return;
    const reached = await runner.waitFor(parsePosition(minPosition), { projections, timeoutMs: READ_WAIT_MS });
    if (!reached) throw new HttpError(503, 'Your latest change is still being saved; please try again in a moment.');
  };
}
