import type { Position, RecordedEvent, Subscription } from './port';

/**
 * Wakes subscriptions of this process when an append committed, so they read at once instead of at
 * the next poll. Appends from other processes are found by polling; nothing relies on LISTEN/NOTIFY.
 */
export class WakeUp {
  private waiters = new Set<() => void>();
  private closed = false;

  notify(): void {
    const current = [...this.waiters];
    this.waiters.clear();
    for (const w of current) w();
  }

  /** Resolves on the next notify or after `ms`, whichever comes first. Returns true when notified. */
  wait(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, ms);
      this.waiters.add(waiter);
    });
  }

  close(): void {
    this.closed = true;
    this.notify();
  }
}

export interface PollingSubscriptionOptions {
  after: Position;
  batchSize: number;
  /** Longest sleep between polls when idle; polls start fast after a wake-up and back off to this. */
  maxPollMs: number;
  /** After a wake-up, wait this long so appends landing together are read (and applied) together. */
  coalesceMs?: number;
  read(after: Position, maxCount: number): Promise<RecordedEvent[]>;
  wake: WakeUp;
  handler(events: RecordedEvent[]): Promise<void>;
}

/** Catch-up then live, by reading the gap-free log in batches; the handler runs one batch at a time. */
export function pollingSubscription(o: PollingSubscriptionOptions): Subscription {
  let stopped = false;
  let error: unknown;
  let after = o.after;
  const MIN_POLL_MS = 2;

  async function loop(): Promise<void> {
    let delay = MIN_POLL_MS;
    while (!stopped) {
      const batch = await o.read(after, o.batchSize);
      if (stopped) return;
      if (batch.length > 0) {
        await o.handler(batch);
        after = batch[batch.length - 1]!.position;
        delay = MIN_POLL_MS;
        // At the head of the log: let a few more appends land before reading again, or a fast handler
        // would spin on one event per read.
        if (batch.length < o.batchSize && o.coalesceMs) await new Promise((r) => setTimeout(r, o.coalesceMs));
        continue;
      }
      // An append that woke us can still be hidden behind an older transaction in flight:
      // poll again soon and back off while the log stays quiet.
      const woken = await o.wake.wait(delay);
      delay = woken ? MIN_POLL_MS : Math.min(delay * 2, o.maxPollMs);
      if (woken && o.coalesceMs) await new Promise((r) => setTimeout(r, o.coalesceMs));
    }
  }

  const done = loop().catch((e: unknown) => {
    error = e;
    stopped = true;
  });

  return {
    get error() {
      return error;
    },
    done,
    async stop() {
      stopped = true;
      o.wake.notify();
      await done;
    },
  };
}
