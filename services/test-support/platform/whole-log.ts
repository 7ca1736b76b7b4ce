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
