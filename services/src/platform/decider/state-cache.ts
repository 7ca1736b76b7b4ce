import type { ExpectedRevision } from '../event-store/port';
import { trimOldest, trimTarget } from '../lru';

/**
 * Recently decided streams' state and revision, so a command on a hot stream skips reading it.
 * Safe with other writers: a stale entry only ever leads to a rejected append (expected revision),
 * after which the handler reads the stream; and a decision of "nothing to do" taken on cached state is
 * always re-checked against the store before it is believed.
 */
export class StreamStateCache<S> {
  private readonly entries = new Map<string, { expected: ExpectedRevision; state: S }>();

  constructor(private readonly maxStreams = 100_000) {}

  get(streamId: string): { expected: ExpectedRevision; state: S } | undefined {
    return this.entries.get(streamId);
  }

  set(streamId: string, expected: ExpectedRevision, state: S): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { expected, state });
    // The least recently used tenth goes at once (one walk of the map, see lru.ts).
    if (this.entries.size > this.maxStreams) trimOldest(this.entries, trimTarget(this.maxStreams));
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }
}
