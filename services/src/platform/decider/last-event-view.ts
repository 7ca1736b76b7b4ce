import type { EventStore } from '../event-store/port';

/**
 * The store as a decider whose events each carry the whole state (a running count, a version) needs it:
 * a stream read returns only its last event. `handleCommand` then folds that one event and appends at its
 * revision, so a long stream (a busy month, a prompt edited for years) never means loading all of it.
 * A concurrent append between the two reads only makes the append conflict, and the handler retries.
 */
export function lastEventOnly(store: EventStore): EventStore {
  return {
    name: store.name,
    async readStream(streamId, options) {
      if (options) return store.readStream(streamId, options); // a caller that names a range gets it
      const revision = await store.streamRevision(streamId);
      return revision === undefined ? [] : store.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    },
    append: (...args) => store.append(...args),
    streamRevision: (...args) => store.streamRevision(...args),
    readAll: (...args) => store.readAll(...args),
    subscribeToAll: (...args) => store.subscribeToAll(...args),
    getStreamMetadata: (...args) => store.getStreamMetadata(...args),
    setStreamMetadata: (...args) => store.setStreamMetadata(...args),
    deleteStream: (...args) => store.deleteStream(...args),
    headPosition: () => store.headPosition(),
    tailPosition: () => store.tailPosition(),
    logId: () => store.logId(),
    close: () => store.close(),
  };
}
