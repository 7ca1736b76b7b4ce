/**
 * EventStoreDB when EVENTSTORE_URL is set. It is checked before anything else starts: when it cannot be
 * reached, start-up stops with a message that says so. There is no fallback to the PostgreSQL store:
 * writing to another log than the one configured would split the history in two.
 */
import type { EventStore } from './port';

export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
}

/** The URL as it may be printed: without user and password. */
export const redactUrl = (url: string) => url.replace(/\/\/[^@/?#]*@/, '//');

export async function connectEventStoreDb(url: string, timeoutMs = 10_000): Promise<EventStore> {
  // Loaded only here: the client and gRPC cost the PostgreSQL-backed default about 25 MB it would never use.
  const { createEventStoreDbStore } = await import('./eventstoredb/adapter');
  const store = createEventStoreDbStore(url);
  let timer: NodeJS.Timeout | undefined;
  try {
    // A read of the head of $all: answers only when the server is up and serving reads.
    await Promise.race([
      store.headPosition(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
    return store;
  } catch (e) {
    await store.close().catch(() => undefined);
    const reason = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    throw new EventStoreUnavailableError(
      `EventStoreDB at ${redactUrl(url)} cannot be reached (${reason}). EVENTSTORE_URL is set, so Verba does not fall back to PostgreSQL: start EventStoreDB, correct EVENTSTORE_URL, or unset it to use the PostgreSQL event store.`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The store, telling `listener` after each append (wakes in-process projectors). */
export function notifyingAppends(store: EventStore, listener: () => void): EventStore {
  return {
    ...store,
    async append(streamId, events, expected) {
      const result = await store.append(streamId, events, expected);
      listener();
      return result;
    },
  };
}
