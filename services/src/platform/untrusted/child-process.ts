import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Outcome } from './refused';
import type { Task } from './serve';

/** Where the job runs: a script that answers one Task with its Outcome over IPC (serveOneJob). */
export interface ChildProcessOptions {
  entry: URL;
  /** Added to the process's nice value, for all its threads (0 keeps the server's priority). */
  nice: number;
  /** Heap of the process; a job that needs more ends it. */
  memoryMb: number;
  /**
   * The share of time the process may run (0-1; 1 or absent: no limit). A lower priority is not a budget: on
   * two cores the fit still ran on time requests could have used (marks 7-16% slower), so it is also held to
   * this duty cycle, as cpulimit does: running `cpuShare` of every period, stopped for the rest.
   */
  cpuShare?: number;
}

/** The duty cycle's period: short enough that a request never waits long behind a running slice. */
export const CPU_SHARE_PERIOD_MS = 100;

/**
 * Runs the process `share` of each period and stops it (SIGSTOP) for the rest; the returned function ends
 * the cycle and leaves the process running. Stopped or not, SIGKILL still ends it at its budget.
 */
function holdToShare(child: ChildProcess, share: number | undefined): () => void {
  if (share === undefined || !(share > 0 && share < 1)) return () => {};
  held.add(child);
  if (held.size === 1) process.once('exit', endHeld);
  let stopped = false;
  let timer: NodeJS.Timeout;
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
  };
  const flip = () => {
    stopped = !stopped;
    signal(stopped ? 'SIGSTOP' : 'SIGCONT');
    timer = setTimeout(flip, (stopped ? 1 - share : share) * CPU_SHARE_PERIOD_MS);
  };
  timer = setTimeout(flip, share * CPU_SHARE_PERIOD_MS);
  return () => {
    clearTimeout(timer);
    held.delete(child);
    if (!held.size) process.off('exit', endHeld);
    // Its answer may have left just before a stop: it must run on to exit.
    if (stopped) signal('SIGCONT');
    stopped = false;
  };
}

/** Processes held to a share now: a server that exits ends them, or one caught stopped would stay stopped. */
const held = new Set<ChildProcess>();
function endHeld(): void {
  for (const child of held) child.kill('SIGKILL');
}

/** Stopped at its budget; the pool answers it as it answers a thread stopped at its wall time. */
export class ChildTimedOut extends Error {
  override name = 'AbortError';
}

const NICE = ['/usr/bin/nice', '/bin/nice'].find((p) => existsSync(p));

/**
 * Runs one job in a process of its own, started for it and stopped after it. For work no one waits on that
 * runs outside JavaScript's thread: fsrs-rs's optimiser computes on libuv's thread pool, so neither a
 * worker thread's priority nor its isolation reaches it. Started through `nice`, every thread of the process
 * (libuv's included) runs at the lower priority; a native crash (a Rust panic aborts its process) ends only
 * this process. No environment (secrets) is passed; the job's answer comes back as JSON.
 */
export function runInChildProcess<T>(task: Task, timeMs: number, options: ChildProcessOptions): Promise<Outcome<T>> {
  const node = [`--max-old-space-size=${options.memoryMb}`, fileURLToPath(options.entry)];
  const [command, args] =
    NICE && options.nice > 0 ? [NICE, ['-n', String(options.nice), process.execPath, ...node]] : [process.execPath, node];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: {} });
    const release = holdToShare(child, options.cpuShare);
    child.once('exit', release);
    let answered = false;
    const timer = setTimeout(() => {
      if (answered) return;
      answered = true;
      release();
      child.kill('SIGKILL');
      reject(new ChildTimedOut(`The job ${task.job} ran past ${timeMs} ms.`));
    }, timeMs);
    // The child says it listens first (a message sent before its listener is set could be lost).
    child.on('message', (message: Outcome<T> | 'ready') => {
      if (message === 'ready') return void child.send(task);
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      release();
      resolve(message);
      if (child.connected) child.disconnect();
    });
    // Not once: a send to a child that died meanwhile is reported here too, after the first.
    child.on('error', (error) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      release();
      reject(error);
    });
    // Gone without an answer: a native crash or its heap exceeded. Its reason stays in the server's log.
    child.once('exit', () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve({ ok: false, budget: 'unreadable' });
    });
  });
}

/** The child's side: answers the one Task it is sent, then exits. */
export function serveOneJob(serve: (task: Task) => Promise<Outcome>): void {
  process.once('message', (task: Task) => {
    void serve(task)
      .catch((): Outcome => ({ ok: false, budget: 'unreadable' }))
      .then((outcome) => process.send?.(outcome, () => process.exit(0)));
  });
  process.send?.('ready');
}
