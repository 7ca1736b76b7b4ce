import { AsyncLocalStorage } from 'node:async_hooks';
import type { App } from '../../src/platform/http/server';
import type { EventStore } from '../../src/platform/event-store/port';

/**
 * Test apps only: every event appended while a request is served carries that request's id as its
 * `correlationId`, so a test can show that a refused request appended nothing (`appendedBy`). The
 * services pass who asked instead of keeping a request scope (its promise hooks cost the API an eighth
 * of its CPU a mark: services/bench/NOTES.md), so the scope lives here, around the composed app.
 */
export function stampRequestIds(app: App, store: EventStore): void {
  const scope = new AsyncLocalStorage<string>();
  // Callback style on purpose: the request's later hooks and its handler run inside `done`.
  app.addHook('onRequest', (request, _reply, done) => scope.run(request.id, done));
  const append = store.append.bind(store);
  store.append = (streamId, events, expected) => {
    const correlationId = scope.getStore();
    if (!correlationId) return append(streamId, events, expected);
    return append(
      streamId,
      events.map((e) => ({ ...e, metadata: { ...e.metadata, correlationId } })),
      expected,
    );
  };
}
