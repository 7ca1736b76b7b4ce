import { spawn } from 'node:child_process';
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
    let answered = false;
    const timer = setTimeout(() => {
      if (answered) return;
      answered = true;
      child.kill('SIGKILL');
      reject(new ChildTimedOut(`The job ${task.job} ran past ${timeMs} ms.`));
    }, timeMs);
    // The child says it listens first (a message sent before its listener is set could be lost).
    child.on('message', (message: Outcome<T> | 'ready') => {
      if (message === 'ready') return void child.send(task);
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve(message);
      if (child.connected) child.disconnect();
    });
    // Not once: a send to a child that died meanwhile is reported here too, after the first.
    child.on('error', (error) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
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
