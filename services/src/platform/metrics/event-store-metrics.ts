import type { EventStore } from '../event-store/port';
import { eventStore, metricsOn } from './registry';
import { inSpan, tracingOn } from '../tracing/tracing';

/**
 * The store with its appends counted and timed (metrics on) and in a span of their own (inside a kept
 * trace: inSpan decides); the store itself when metrics and tracing are both off.
 */
export function instrumentedAppends<S extends EventStore>(store: S): S {
  if (!metricsOn() && !tracingOn()) return store;
  return {
    ...store,
    async append(streamId, events, expected) {
      const append = () =>
        inSpan('event-store append', { 'verba.stream': streamId, 'verba.events': events.length }, () =>
          store.append(streamId, events, expected),
        );
      if (!metricsOn()) return append();
      const start = process.hrtime.bigint();
      const result = await append();
      eventStore.duration.observe(Number(process.hrtime.bigint() - start) / 1e9);
      eventStore.appends.inc();
      eventStore.events.inc(events.length);
      eventStore.batch.observe(events.length);
      return result;
    },
  };
}
