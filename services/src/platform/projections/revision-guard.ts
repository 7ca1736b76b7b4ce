import type { RecordedEvent } from '../event-store/port';
import { trimOldest } from '../lru';

/**
 * Second line of defence against applying an event twice: remembers, per stream, the last revision a
 * projection applied, and drops events at or below it (a store or subscription that re-delivers).
 * The first line is the checkpoint, committed with each batch; this one lives in memory, bounded, so it
 * costs no writes: after a restart the checkpoint alone decides where to resume.
 */
export class RevisionGuard {
  private readonly last = new Map<string, bigint>();

  constructor(private readonly maxStreams = 100_000) {}

  /** Events not applied before, and the revisions they move each stream to (for `commit`). */
  filter(events: RecordedEvent[]): { fresh: RecordedEvent[]; applied: Map<string, bigint> } {
    const applied = new Map<string, bigint>();
    const fresh: RecordedEvent[] = [];
    for (const e of events) {
      const before = applied.get(e.streamId) ?? this.last.get(e.streamId) ?? -1n;
      if (e.revision <= before) continue;
      fresh.push(e);
      applied.set(e.streamId, e.revision);
    }
    return { fresh, applied };
  }

  /** Called once the batch's transaction committed. */
  commit(applied: Map<string, bigint>): void {
    for (const [stream, revision] of applied) {
      this.last.delete(stream); // re-insert: most recently used last
      this.last.set(stream, revision);
    }
    this.evict();
  }

  /**
   * filter and commit in one pass, without the map of a batch's revisions: for a caller with no transaction
   * between the two (a bulk rebuild folds in memory; a failure there abandons the whole generation).
   */
  pass(events: RecordedEvent[]): RecordedEvent[] {
    const fresh: RecordedEvent[] = [];
    for (const e of events) {
      const before = this.last.get(e.streamId);
      if (before !== undefined) {
        if (e.revision <= before) continue;
        this.last.delete(e.streamId);
      }
      this.last.set(e.streamId, e.revision);
      fresh.push(e);
    }
    this.evict();
    return fresh;
  }

  private evict(): void {
    // One iterator for all evictions (lru.ts): one per eviction made rebuilds of logs with many streams quadratic.
    trimOldest(this.last, this.maxStreams);
  }
}
