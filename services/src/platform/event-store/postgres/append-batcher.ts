import type { AppendResult } from '../port';

export interface AppendItem<E> {
  streamId: string;
  events: E[];
}

/** What a batch answers for one item: its result, or the error that item alone would have raised. */
export type ItemOutcome = { result: AppendResult } | { error: unknown };

export interface AppendBatcherOptions<I> {
  /** One append on its own (es_append): rejects with that append's error. */
  single(item: I): Promise<AppendResult>;
  /** Several appends in one transaction (es_append_batch); rejects only when the whole batch failed. */
  batch(items: I[]): Promise<ItemOutcome[]>;
  /**
   * Batches in flight at once at most. One is in flight normally; another starts only when every batch in
   * flight has taken longer than `stallMs` (a large import's append), so a slow append delays others by at
   * most that long.
   */
  maxInFlight?: number;
  stallMs?: number;
  maxItems?: number;
}

interface Waiting<I> {
  item: I;
  resolve(r: AppendResult): void;
  reject(e: unknown): void;
}

/**
 * Group commit for appends. Under load most of an append's cost is per transaction (a round trip, a
 * commit, a WAL flush, the pool's and the driver's work per query); appends that arrive while a batch is
 * in flight wait for it and then go in one transaction together. An idle store pays nothing: an append
 * with nothing in flight is sent at once, alone. (One batch in flight rather than three: about a sixth
 * less PostgreSQL CPU a mark and a tenth more marks/s in the API benchmark, services/bench/NOTES.md.)
 *
 * A stream appears at most once per batch (its second append waits for the next), so each item keeps
 * the meaning of its expected revision. A batch that fails as a whole (a duplicate event id, a lost
 * connection) is retried item by item, so each caller gets its own append's outcome.
 */
export class AppendBatcher<I extends AppendItem<unknown>> {
  private readonly queue: Waiting<I>[] = [];
  /** When each batch in flight was sent (performance.now()), oldest first. */
  private readonly sentAt: number[] = [];
  private stallTimer: NodeJS.Timeout | undefined;
  private readonly maxInFlight: number;
  private readonly stallMs: number;
  private readonly maxItems: number;

  constructor(private readonly o: AppendBatcherOptions<I>) {
    this.maxInFlight = o.maxInFlight ?? 3;
    this.stallMs = o.stallMs ?? 50;
    this.maxItems = o.maxItems ?? 64;
  }

  append(item: I): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0 && this.slotFree()) {
      const batch = this.take();
      const sent = performance.now();
      this.sentAt.push(sent);
      void this.send(batch).finally(() => {
        this.sentAt.splice(this.sentAt.indexOf(sent), 1);
        this.pump();
      });
    }
  }

  /** Nothing in flight, or everything in flight stalled; otherwise a timer looks again when it would be. */
  private slotFree(): boolean {
    if (this.sentAt.length === 0) return true;
    if (this.sentAt.length >= this.maxInFlight) return false;
    const youngest = performance.now() - this.sentAt.at(-1)!;
    if (youngest >= this.stallMs) return true;
    this.stallTimer ??= setTimeout(() => {
      this.stallTimer = undefined;
      this.pump();
    }, this.stallMs - youngest).unref();
    return false;
  }

  /** The oldest waiting appends, up to maxItems, no stream twice (later ones keep their place). */
  private take(): Waiting<I>[] {
    const streams = new Set<string>();
    const batch: Waiting<I>[] = [];
    for (let i = 0; i < this.queue.length && batch.length < this.maxItems;) {
      const w = this.queue[i]!;
      if (streams.has(w.item.streamId)) {
        i++;
        continue;
      }
      streams.add(w.item.streamId);
      batch.push(w);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async send(batch: Waiting<I>[]): Promise<void> {
    if (batch.length === 1) return this.sendAlone(batch[0]!);
    let outcomes: ItemOutcome[];
    try {
      outcomes = await this.o.batch(batch.map((w) => w.item));
    } catch {
      await Promise.all(batch.map((w) => this.sendAlone(w)));
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i]!;
      if ('result' in outcome) w.resolve(outcome.result);
      else w.reject(outcome.error);
    });
  }

  private async sendAlone(w: Waiting<I>): Promise<void> {
    try {
      w.resolve(await this.o.single(w.item));
    } catch (e) {
      w.reject(e);
    }
  }
}
