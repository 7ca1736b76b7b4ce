import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { UPLOAD_MESSAGES } from '@verba/contracts';
import { HttpError } from '../http/problem';
import type { Outcome } from './refused';
import type { Task } from './serve';
import { runInChildProcess } from './child-process';
import { metricsOn, untrusted } from '../metrics/registry';

/** Refusals for a broken budget (time, memory, output), counted apart from the parsers' own refusals. */
const overBudget = new WeakSet<Error>();
const budgetBroken = (error: HttpError): HttpError => (overBudget.add(error), error);

/** What one job may spend: wall time, and characters of answer (memory is the pool's, per thread). */
export interface JobBudget {
  timeMs: number;
  outputMax: number;
  /**
   * 'background': work no one waits on (fitting a learner's scheduler) runs in a process of its own at a
   * lower CPU priority and held to a share of the time (PoolOptions.background), so requests and the other
   * jobs keep the cores. Its wall-time budget counts the time it is held.
   */
  priority?: 'normal' | 'background';
}

/** The words a refusal for a broken budget uses; each caller says it for its kind of file. */
export interface BudgetMessages {
  tooSlow: string;
  tooLarge: string;
  unreadable: string;
}

/**
 * Parsing of what users upload or make the server fetch (books, web pages, text files, audio), run off
 * the request thread: a hostile file may cost a worker its budget, never the service its latency.
 */
export interface UntrustedWork {
  /**
   * Runs a job (see runtime/untrusted-worker.ts for the table); refusals and broken budgets throw 4xx.
   * The input's large byte arrays (a view of 64 KiB or more that spans its whole ArrayBuffer, at most three
   * levels down) are moved to the worker, not copied: the caller's are empty (detached) once this returns.
   * A caller that still needs the bytes passes a copy.
   */
  run<T>(job: string, input: unknown, messages?: Partial<BudgetMessages>, budget?: Partial<JobBudget>): Promise<T>;
  /** Jobs queued or running now (metrics). */
  jobs?(): number;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** The worker module: its default export is serveJobs(table). */
  entry: URL;
  /** Threads at most (default: one fewer than the cores, at least one: the request thread keeps a core). */
  threads?: number;
  /** Jobs waiting for a thread before new ones are refused (503). */
  queueMax?: number;
  /** Heap of each thread; a job that needs more is stopped. */
  memoryMb?: number;
  budget?: Partial<JobBudget>;
  /**
   * Where background jobs run (a script calling serveOneJob), their nice increment and the share of time they
   * may run (ChildProcessOptions.cpuShare); without it, on the threads.
   */
  background?: { entry: URL; nice?: number; cpuShare?: number };
}

/** Background processes' nice increment by default: on busy cores they get about a tenth of one. */
export const BACKGROUND_NICE = 10;
/**
 * And the share of time they run by default, busy cores or not: a fit of 10,000 reviews (about 0.7 s of CPU)
 * takes about 3 s, and requests beside it lose at most a quarter of a core.
 */
export const BACKGROUND_CPU_SHARE = 0.25;

export const DEFAULT_JOB_BUDGET: JobBudget = { timeMs: 10_000, outputMax: 24 * 1024 * 1024 };
const DEFAULT_MEMORY_MB = 256;
/** A thread idle this long stops: nothing is held between imports, and back-to-back ones reuse it. */
const IDLE_MS = 30_000;

/** Smaller views are copied: a small Buffer may share Node's 8 KiB pool, and copying a little costs nothing. */
export const MOVE_MIN_BYTES = 64 * 1024;

/**
 * The ArrayBuffers of the input to move rather than clone: cloning 55 MB held the event loop 150-400 ms.
 * Only a view that is its buffer's only content is moved (a slice would take the rest of its buffer along).
 */
function movable(input: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const visit = (value: unknown, depth: number) => {
    if (ArrayBuffer.isView(value)) {
      const { buffer, byteOffset, byteLength } = value;
      if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength && byteLength >= MOVE_MIN_BYTES) {
        found.add(buffer);
      }
    } else if (value && typeof value === 'object' && depth < 3) {
      const values = Array.isArray(value) ? value : Object.values(value);
      for (const v of values.slice(0, 64)) visit(v, depth + 1);
    }
  };
  visit(input, 0);
  return [...found];
}

const isAbort = (e: unknown) => e instanceof Error && (e.name === 'AbortError' || /aborted/i.test(e.message));
const isOutOfMemory = (e: unknown) => (e as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

export function createUntrustedPool(options: PoolOptions): UntrustedWork {
  const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
  const pool = new Piscina({
    filename: fileURLToPath(options.entry),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? DEFAULT_MEMORY_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    // A job is a pure function of its input: no environment (secrets) reaches the thread.
    env: {},
  });
  const defaults = { ...DEFAULT_JOB_BUDGET, ...options.budget };
  // Counted here rather than by piscina's maxQueue, whose count depends on when threads come up.
  const jobsMax = threads + (options.queueMax ?? threads * 8);
  let jobs = 0;

  return {
    async run<T>(job: string, input: unknown, messages: Partial<BudgetMessages> = {}, budget: Partial<JobBudget> = {}) {
      if (!metricsOn()) return runJob<T>(job, input, messages, budget);
      try {
        const value = await runJob<T>(job, input, messages, budget);
        untrusted.jobs.inc({ kind: job, outcome: 'ok' });
        return value;
      } catch (error) {
        untrusted.jobs.inc({ kind: job, outcome: overBudget.has(error as Error) ? 'budget' : 'refused' });
        throw error;
      }
    },
    jobs: () => jobs,
    close: () => pool.destroy(),
  };

  async function runJob<T>(job: string, input: unknown, messages: Partial<BudgetMessages>, budget: Partial<JobBudget>): Promise<T> {
    const say = { ...UPLOAD_MESSAGES, ...messages };
    const { timeMs, outputMax, priority } = { ...defaults, ...budget };
    let outcome: Outcome<T>;
    if (jobs >= jobsMax) throw new HttpError(503, UPLOAD_MESSAGES.busy);
    jobs++;
    try {
      // Aborting a running task stops its thread: the wall-time budget holds whatever the parser does.
      const task: Task = { job, input, outputMax };
      const background = priority === 'background' ? options.background : undefined;
      if (background) {
        outcome = await runInChildProcess<T>(task, timeMs, {
          entry: background.entry,
          nice: background.nice ?? BACKGROUND_NICE,
          cpuShare: background.cpuShare ?? BACKGROUND_CPU_SHARE,
          memoryMb: options.memoryMb ?? DEFAULT_MEMORY_MB,
        });
      } else {
        const transferList = movable(input);
        outcome = (await pool.run(task, {
          signal: AbortSignal.timeout(timeMs),
          ...(transferList.length ? { transferList } : {}),
        })) as Outcome<T>;
      }
    } catch (error) {
      if (isAbort(error)) throw budgetBroken(new HttpError(422, say.tooSlow));
      if (isOutOfMemory(error)) throw budgetBroken(new HttpError(413, say.tooLarge));
      throw error;
    } finally {
      jobs--;
    }
    if (outcome.ok) return outcome.value;
    if ('budget' in outcome)
      throw budgetBroken(outcome.budget === 'output' ? new HttpError(413, say.tooLarge) : new HttpError(422, say.unreadable));
    throw new HttpError(outcome.status, outcome.message);
  }
}
