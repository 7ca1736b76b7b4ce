import { readFileSync, readdirSync } from 'node:fs';

/** A process and its descendants (`npm start` runs tsx, which runs node): their pids, root first. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${tree[i]}/task`);
    } catch {
      continue; // exited
    }
    for (const task of tasks) {
      try {
        for (const child of readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').split(' ')) {
          if (child.trim()) tree.push(Number(child));
        }
      } catch {
        // the task ended while we read
      }
    }
  }
  return tree;
}

export interface Memory {
  /** Resident set now, summed over the tree, MiB. */
  rssMiB: number;
  /** Sum of each process's own peak resident set (VmHWM), MiB: an upper bound of the tree's peak. */
  hwmMiB: number;
}

const kib = (status: string, field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

export function treeMemory(pid: number): Memory {
  let rss = 0;
  let hwm = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      rss += kib(status, 'VmRSS');
      hwm += kib(status, 'VmHWM');
    } catch {
      // exited between listing and reading
    }
  }
  return { rssMiB: rss / 1024, hwmMiB: hwm / 1024 };
}

/** Samples a process tree's RSS every `everyMs` until stopped; keeps the samples and the peaks. */
export class RssSampler {
  readonly samples: number[] = [];
  peakMiB = 0;
  hwmMiB = 0;
  private timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    everyMs = 50,
  ) {
    this.timer = setInterval(() => this.sample(), everyMs);
    this.sample();
  }

  sample(): Memory {
    const m = treeMemory(this.pid);
    if (m.rssMiB > 0) this.samples.push(m.rssMiB);
    this.peakMiB = Math.max(this.peakMiB, m.rssMiB);
    this.hwmMiB = Math.max(this.hwmMiB, m.hwmMiB);
    return m;
  }

  /** Stops sampling; the samples and peaks stay readable. */
  stop(): this {
    clearInterval(this.timer);
    this.sample();
    return this;
  }
}
