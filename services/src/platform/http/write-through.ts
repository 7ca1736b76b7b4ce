import { formatPosition, type Position } from '../event-store/port';
import type { ReadYourWrites } from '../module';
import { READ_WAIT_MS, readAfterFor, type ReadModel } from './read-your-writes';

/**
 * For a command that answers from the read models it just wrote to (the saved article read back, the
 * account the next sign-in reads): the module declares those read models, and the platform waits until
 * they have applied the command's position.
 */
export interface WriteThrough {
  /** Returns once they have it. Past the bound it throws 503, because the answer would not show the write. */
  readBack(position: Position | string | undefined): Promise<void>;
  /** Returns once they have it or the bound has passed; the caller goes on either way (a later read waits for itself). */
  settle(position: Position): Promise<boolean>;
}

export function writeThrough(projections: ReadYourWrites, readModels: readonly ReadModel[]): WriteThrough {
  const names = readModels.map((p) => p.name);
  if (names.length === 0) throw new Error('writeThrough: name the read models the command answers from');
  const readAfter = readAfterFor(projections, names);
  return {
    readBack: (position) => readAfter(typeof position === 'object' ? formatPosition(position) : position),
    settle: (position) => projections.waitFor(position, { projections: names, timeoutMs: READ_WAIT_MS }),
  };
}
