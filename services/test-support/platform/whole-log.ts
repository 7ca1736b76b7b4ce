import type { Knex } from 'knex';
import { START, type EventStore, type RecordedEvent } from '../../src/platform/event-store/port';

/** Every event the global log shows now, in order (tests only: it reads the whole log). */
export async function readWholeLog(store: Pick<EventStore, 'readAll'>, pageSize = 1000): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let after = START;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: pageSize });
    if (batch.length === 0) return all;
    all.push(...batch);
    after = batch[batch.length - 1]!.position;
  }
}

/**
 * The whole log once `enough` says so, or as it is when `timeoutMs` ran out. The log shows an event once
 * every older transaction has ended, and other tests' transactions on the same server may count too
 * (read-horizon.ts): a read right after an append may not show it yet.
 */
export async function readLogUntil(
  store: Pick<EventStore, 'readAll'>,
  enough: (events: RecordedEvent[]) => boolean,
  timeoutMs = 10_000,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await readWholeLog(store, 500);
    if (enough(events) || Date.now() > deadline) return events;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** How many events the request with this id appended (commands stamp it on their events as correlationId). */
export async function appendedBy(db: Knex, requestId: string): Promise<number> {
  const { rows } = await db.raw("select count(*)::int as n from es_events where metadata->>'correlationId' = ?", [requestId]);
  return rows[0].n as number;
}
