import { comparePositions, type EventStore, type Position, type RecordedEvent, type Subscription } from './port';
import { eventsAfter } from './events-after';
import { WakeUp } from './polling-subscription';

type Handler = (events: RecordedEvent[]) => Promise<void>;

interface Member {
  at: Position;
  handler: Handler;
  stopped: boolean;
  error: unknown;
  /** The delivery running now, so stop() can wait for it (its transaction must not be cut). */
  inFlight: Promise<void>;
  finish(error?: unknown): void;
}

interface Hub {
  /** Position of the last batch the hub read; members at or past it take the hub's batches. */
  head: Position;
  sub: Subscription;
  /** Ends a pause between batches at once when the hub stops. */
  stopping: WakeUp;
}

export interface SharedLogReaderOptions {
  /** How long the reader waits for a member's batch before leaving it to catch up on its own (200 ms). */
  slowMemberMs?: number;
  /**
   * After a batch smaller than the batch size, read the next no sooner than this after the last one was read:
   * fewer, larger batches for members that can wait (the relay and reactors, paced projections).
   */
  minBatchIntervalMs?: number;
}

/**
 * One reader of the global log for all the projections of a runner. Reading each batch once instead of
 * once per projection keeps the database's work per event flat as projections are added, and hands a
 * batch to every projection at the same moment.
 *
 * A member at or past the hub's position is live: it gets each batch the hub reads (only the events
 * after its own position) and the hub waits for every live member's handler before reading on, but not
 * longer than `slowMemberMs`: a member still busy then leaves and catches up on its own. A member
 * behind the hub (a new one, or one that failed and came back from its checkpoint) reads the log on its
 * own until it has reached the hub, then joins, so a projection that falls behind never holds up the
 * others. A failed handler ends only that member's subscription.
 */
export class SharedLogReader {
  private hub: Hub | undefined;
  private readonly live = new Set<Member>();

  private readonly slowMemberMs: number;
  private readonly minBatchIntervalMs: number;

  constructor(
    private readonly store: EventStore,
    private readonly batchSize: number,
    options: SharedLogReaderOptions = {},
  ) {
    this.slowMemberMs = options.slowMemberMs ?? 200;
    this.minBatchIntervalMs = options.minBatchIntervalMs ?? 0;
  }

  subscribe(after: Position, handler: Handler): Subscription {
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const m: Member = {
      at: after,
      handler,
      stopped: false,
      error: undefined,
      inFlight: Promise.resolve(),
      finish: (error?: unknown) => {
        if (m.stopped) return;
        m.stopped = true;
        m.error = error;
        this.live.delete(m);
        void m.inFlight.then(resolveDone);
      },
    };
    void this.catchUp(m);
    return {
      get error() {
        return m.error;
      },
      done,
      stop: async () => {
        m.finish();
        await done;
        if (this.live.size === 0) await this.stopHub();
      },
    };
  }

  /** Reads on the member's own until it reached the hub, then joins the hub's batches. */
  private async catchUp(m: Member): Promise<void> {
    try {
      while (!m.stopped) {
        this.hub ??= this.startHub(m.at);
        if (comparePositions(m.at, this.hub.head) >= 0) {
          this.live.add(m);
          return;
        }
        const batch = await this.store.readAll({ after: m.at, maxCount: this.batchSize });
        if (batch.length === 0)
          await new Promise((r) => setTimeout(r, 5)); // the hub saw more: soon visible here
        else await this.deliver(m, batch);
      }
    } catch (e) {
      m.finish(e);
    }
  }

  private startHub(after: Position): Hub {
    const hub: Hub = { head: after, sub: undefined as unknown as Subscription, stopping: new WakeUp() };
    hub.sub = this.store.subscribeToAll({ after, batchSize: this.batchSize }, async (batch) => {
      const readAt = Date.now();
      const members = [...this.live];
      hub.head = batch[batch.length - 1]!.position;
      // deliver() never rejects: a failure ends that member only.
      const deliveries = new Map(members.map((m) => [m, this.deliver(m, batch)]));
      const pending = new Set(members);
      for (const [m, delivery] of deliveries) void delivery.then(() => pending.delete(m));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((r) => (timer = setTimeout(r, this.slowMemberMs)));
      await Promise.race([Promise.all(deliveries.values()), late]);
      clearTimeout(timer);
      // A member still busy (an ANALYZE, a lock wait) leaves the hub and catches up on its own once done,
      // so the others' read-your-writes do not wait for it.
      for (const m of pending) {
        this.live.delete(m);
        void deliveries.get(m)!.then(() => this.catchUp(m));
      }
      const wait = readAt + this.minBatchIntervalMs - Date.now();
      if (wait > 0 && batch.length < this.batchSize) await hub.stopping.wait(wait);
    });
    void hub.sub.done.then(() => {
      if (this.hub !== hub) return;
      this.hub = undefined;
      // The log could not be read: every live member ends and its runner loop retries from its checkpoint.
      for (const m of [...this.live]) m.finish(hub.sub.error ?? new Error('log reader stopped'));
    });
    return hub;
  }

  private async stopHub(): Promise<void> {
    const hub = this.hub;
    this.hub = undefined;
    hub?.stopping.close();
    await hub?.sub.stop();
  }

  /** Hands the member the batch's events after its position; a failure ends that member only. */
  private async deliver(m: Member, batch: RecordedEvent[]): Promise<void> {
    if (m.stopped) return;
    const events = eventsAfter(batch, m.at);
    if (events.length === 0) return;
    const run = m.handler(events);
    m.inFlight = run.then(
      () => undefined,
      () => undefined,
    );
    try {
      await run;
      m.at = events[events.length - 1]!.position;
    } catch (e) {
      m.finish(e);
    }
  }
}
