import type { EventStore } from '../event-store/port';
import { eventStore, metricsOn } from './registry';

/** The store with its appends counted and timed; the store itself when metrics are off. */
export function countedAppends<S extends EventStore>(store: S): S {
  if (!metricsOn()) return store;
  return {
    ...store,
    async append(streamId, events, expected) {
      const start = process.hrtime.bigint();
      const result = await store.append(streamId, events, expected);
      eventStore.duration.observe(Number(process.hrtime.bigint() - start) / 1e9);
      eventStore.appends.inc();
      eventStore.events.inc(events.length);
      eventStore.batch.observe(events.length);
      return result;
    },
  };
}
