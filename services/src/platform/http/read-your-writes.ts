import type { RouteDef } from '@verba/contracts/http';
import { parsePosition } from '../event-store/port';
import type { ReadYourWrites } from '../module';
import type { Projection } from '../projections/projection';
import { HttpError } from './problem';

/** A read model as routes and commands name it: the projection that builds it. */
export type ReadModel = Pick<Projection, 'name'>;

/** True when the route's contract query takes `minPosition`: the platform then waits on its read models. */
export const acceptsMinPosition = (def: Pick<RouteDef, 'query'>): boolean =>
  Boolean(def.query && 'shape' in def.query && typeof def.query.shape === 'object' && 'minPosition' in def.query.shape);

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
    const reached = runner.waitFor(position, { projections, timeoutMs: READ_WAIT_MS });
    let timer: NodeJS.Timeout | undefined;
    const quick = new Promise<'slow'>((resolve) => (timer = setTimeout(resolve, QUICK_MS, 'slow')));
    const first = await Promise.race([reached, quick]).finally(() => clearTimeout(timer));
    if (first === 'slow') {
      // Not there at once: a position past the end of the log was never returned by a command (a client's
      // bug or a guess), and waiting for it would only end in a 503. The check runs beside the wait, which
      // goes on: under load the projections often get there before the check's query comes back, and
      // the answer then goes out at once (waiting for the check first added 80 ms to such reads).
      const absent = runner.inLog(position).then((found) => !found);
      if (await Promise.race([reached.then(() => false), absent])) throw new HttpError(400, NOT_IN_LOG);
    }
    if (await reached) return;
    throw new HttpError(503, STILL_SAVING);
  };
}

/** The usual wait; past it the position is checked against the log while the wait goes on. */
const QUICK_MS = 50;
export const STILL_SAVING = 'Your latest change is still being saved; please try again in a moment.';
export const NOT_IN_LOG = 'minPosition is not a position of this log: send the position a command returned';
