import type { ExpectedRevision } from '../event-store/port';

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
    if (this.entries.size > this.maxStreams) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }
}
