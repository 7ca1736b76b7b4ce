import { START, comparePositions, type EventStore, type Position, type RecordedEvent } from './port';

const SETTLE_MS = 20;
/** A transaction holding the horizon back longer than this is stuck, not slow: say so rather than wait forever. */
const STUCK_MS = 120_000;

/**
 * The whole log from `after` up to what was committed when the read began, in pages of `batchSize` (the
 * next page is fetched while the caller handles this one). A short page is the end only once the tail is
 * reached: on PostgreSQL a page can come back short while an earlier transaction is still in flight (the
 * read horizon), and a one-shot reader that stopped there would miss committed events.
 */
export async function* readToTail(
  store: EventStore,
  options: { after?: Position; batchSize?: number } = {},
): AsyncGenerator<RecordedEvent[]> {
  const batchSize = options.batchSize ?? 5000;
  const tail = await store.tailPosition();
  let at = options.after ?? START;
  if (comparePositions(at, tail) >= 0) return;
  let next = store.readAll({ after: at, maxCount: batchSize });
  let progressAt = Date.now();
  for (;;) {
    const batch = await next;
    if (batch.length) {
      at = batch[batch.length - 1]!.position;
      progressAt = Date.now();
    } else if (Date.now() - progressAt > STUCK_MS) {
      throw new Error(`The log stopped short of its tail for ${STUCK_MS / 1000} s: a transaction is holding the read horizon back`);
    }
    const reachedTail = comparePositions(at, tail) >= 0;
    if (!reachedTail) {
      // Held back by the horizon: wait a moment before asking again.
      if (batch.length < batchSize) await new Promise((r) => setTimeout(r, SETTLE_MS));
      next = store.readAll({ after: at, maxCount: batchSize });
    }
    if (batch.length) yield batch;
    if (reachedTail) return;
  }
}
