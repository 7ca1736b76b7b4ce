import { Refused, type Outcome } from './refused';

/** A parse job: a pure function of its input, run on a worker thread of the untrusted pool. */
export type Job = (input: never) => unknown;

export interface Task {
  job: string;
  input: unknown;
  /** Characters the answer may hold (strings counted by length, the rest by their JSON). */
  outputMax: number;
}

/** Characters of a job's answer, counted without building one string of it all. */
export function sizeOf(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length && size <= limit) {
    const v = stack.pop();
    if (typeof v === 'string') size += v.length + 2;
    else if (v instanceof Uint8Array) size += v.length;
    else if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) stack.push(k, x);
    else size += 8;
  }
  return size;
}

/**
 * The worker side of the pool: runs the named job and answers an Outcome. A refusal keeps its status and
 * message; any other failure (a parser's own error, a stack overflow on hostile nesting) is "unreadable",
 * which the caller turns into its own message. Nothing a parser throws reaches a client as a 500.
 */
export function serveJobs(jobs: Readonly<Record<string, Job>>) {
  return async (task: Task): Promise<Outcome> => {
    const job = jobs[task.job];
    if (!job) throw new Error(`No untrusted job named ${task.job}`);
    try {
      const value = await job(task.input as never);
      if (sizeOf(value, task.outputMax) > task.outputMax) return { ok: false, budget: 'output' };
      return { ok: true, value };
    } catch (error) {
      if (error instanceof Refused) return { ok: false, status: error.status, message: error.message };
      return { ok: false, budget: 'unreadable' };
    }
  };
}
