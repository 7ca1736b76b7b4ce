import { recordProjection, type ProjectionNote } from '../metrics/projection-metrics';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { comparePositions, type Position } from '../event-store/port';
import { WakeUp } from '../event-store/polling-subscription';
import type { Logger } from '../logger';
import type { CommittedEvent, Projection } from './projection';

/** A projection's new position, with the batch when its afterCommit hook must run in the main thread. */
export interface ProgressUpdate {
  projection: string;
  position: Position;
  committed?: CommittedEvent[];
}

/** Messages from the projector worker (see runtime/projector-worker.ts); progress comes on its own port. */
export type WorkerMessage = { type: 'ready' } | { type: 'stopped' };

/** What the worker posts on the progress port (`progressPort` in its workerData). */
export interface ProgressMessage {
  updates: ProgressUpdate[];
  /** What the worker's runner counted (batches applied, failures, rebuilds), for this thread's metrics. */
  notes: ProjectionNote[];
}

export interface ProjectorWorkerOptions {
  entry: URL;
  workerData: unknown;
  /** This thread's copies of the projections: their afterCommit hooks run here, where the caches are. */
  projections: readonly Projection[];
  log: Logger;
}

/**
 * Runs the projectors in a worker thread, so read models keep up while the HTTP thread is busy: on one
 * event loop a saturated API delays every projector round trip, and read-your-writes with it.
 */
export class ProjectorWorker {
  /** The worker thread, while it runs (between a crash and its restart, none). */
  private running: Worker | undefined;
  private restart: NodeJS.Timeout | undefined;
  private progressPort: MessagePort | undefined;
  private readonly positions = new Map<string, Position>();
  private readonly progressed = new WakeUp();
  private readonly byName: Map<string, Projection>;
  private stopping = false;
  private wakeScheduled = false;

  private constructor(private readonly o: ProjectorWorkerOptions) {
    this.byName = new Map(o.projections.map((p) => [p.name, p]));
  }

  static async start(o: ProjectorWorkerOptions): Promise<ProjectorWorker> {
    const host = new ProjectorWorker(o);
    await host.spawn();
    return host;
  }

  private spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      // Progress comes on a port of its own, which waitFor can also read synchronously (takeArrived).
      const { port1, port2 } = new MessageChannel();
      if (this.progressPort) {
        this.takeArrived(); // a dead worker's last reports
        this.progressPort.close();
      }
      this.progressPort = port1;
      port1.on('message', (m: ProgressMessage) => this.onProgress(m));
      const worker = new Worker(this.o.entry, {
        workerData: { ...(this.o.workerData as object), progressPort: port2 },
        transferList: [port2],
      });
      this.running = worker;
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') resolve();
      });
      worker.on('error', (e) => {
        this.o.log.error({ err: e }, 'projector worker failed');
        reject(e);
      });
      worker.on('exit', (code) => {
        this.running = undefined;
        if (this.stopping) return;
        // Started projections resume from their checkpoints: restart the worker. A batch it committed
        // but had not reported yet never ran its afterCommit here, so the read caches start afresh.
        this.o.log.error({ code }, 'projector worker exited; restarting');
        for (const p of this.o.projections) p.afterSwitch?.();
        this.restart = setTimeout(() => void this.spawn().catch(() => undefined), 1000);
      });
    });
  }

  /** An append happened in this thread: wake the worker's subscriptions (once per turn of the loop). */
  wake(): void {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      if (!this.stopping) this.running?.postMessage({ type: 'wake' });
    });
  }

  /** Where each projection the worker runs stands, as its progress reports told (metrics). */
  appliedPositions(): ReadonlyMap<string, Position> {
    return this.positions;
  }

  /** Same contract as ProjectionRunner.waitFor, fed by the worker's progress messages. */
  async waitFor(position: Position, options: { projections?: string[]; timeoutMs?: number } = {}): Promise<boolean> {
    const names = options.projections ?? [...this.byName.keys()];
    const deadline = Date.now() + (options.timeoutMs ?? 2000);
    const reached = () =>
      names.every((n) => {
        const at = this.positions.get(n);
        return at !== undefined && comparePositions(at, position) >= 0;
      });
    for (;;) {
      if (reached()) return true;
      this.takeArrived();
      if (reached()) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.progressed.wait(Math.min(left, 25));
    }
  }

  private onProgress(m: ProgressMessage): void {
    for (const u of m.updates) {
      if (u.committed) this.byName.get(u.projection)?.afterCommit?.(u.committed);
      this.positions.set(u.projection, u.position);
    }
    for (const note of m.notes) recordProjection(note);
    this.progressed.notify();
  }

  /**
   * Applies the progress reports that already arrived but wait for this thread's next turn of the loop.
   * Under load a read's position was most often committed just before the read came in: at the median
   * the report then arrived 4 ms after the commit, and as late as 13-19 ms after it at the tail, time the
   * read spent waiting for a message that was already there. In order, each with its afterCommit first
   * (cache invalidation), as the port's listener would have done.
   */
  private takeArrived(): void {
    for (let m = this.progressPort && receiveMessageOnPort(this.progressPort); m; m = receiveMessageOnPort(this.progressPort!)) {
      this.onProgress(m.message as ProgressMessage);
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restart);
    const worker = this.running;
    if (worker) {
      const stopped = new Promise<void>((resolve) => {
        worker.on('message', (m: WorkerMessage) => m.type === 'stopped' && resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ type: 'stop' });
      await stopped;
      await worker.terminate();
    }
    this.progressPort?.close();
    this.progressed.close();
  }
}
