import type { EventStore } from '../event-store/port';
import { eventStore, metricsOn } from './registry';
import { inSpan, tracingOn } from '../tracing/tracing';

/** The store with its appends counted, timed and traced; the store itself when metrics and tracing are off. */
export function countedAppends<S extends EventStore>(store: S): S {
  if (!metricsOn() && !tracingOn()) return store;
  return {
    ...store,
    async append(streamId, events, expected) {
      if (!metricsOn())
        return inSpan('event-store append', { 'verba.stream': streamId, 'verba.events': events.length }, () =>
          store.append(streamId, events, expected),
        );
      const start = process.hrtime.bigint();
      const result = tracingOn()
        ? await inSpan('event-store append', { 'verba.stream': streamId, 'verba.events': events.length }, () =>
            store.append(streamId, events, expected),
          )
        : await store.append(streamId, events, expected);
      eventStore.duration.observe(Number(process.hrtime.bigint() - start) / 1e9);
      eventStore.appends.inc();
      eventStore.events.inc(events.length);
      eventStore.batch.observe(events.length);
      return result;
    },
  };
}
