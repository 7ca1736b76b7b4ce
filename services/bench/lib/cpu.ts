import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** CPU use over a phase: this process (% of one core) and the whole machine (% of all cores). */
export interface CpuShare {
  processPctOfCore: number;
  machineBusyPct: number | null;
  cores: number;
}

function machineTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const t = line.trim().split(/\s+/).slice(1).map(Number);
    const total = t.reduce((a, b) => a + b, 0);
    const idle = (t[3] ?? 0) + (t[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return null; // not Linux
  }
}

export function startCpuSample(): () => CpuShare {
  const t0 = performance.now();
  const u0 = process.cpuUsage();
  const m0 = machineTicks();
  return () => {
    const wallUs = (performance.now() - t0) * 1000;
    const u = process.cpuUsage(u0);
    const m1 = machineTicks();
    const machine = m0 && m1 && m1.total > m0.total ? ((m1.busy - m0.busy) / (m1.total - m0.total)) * 100 : null;
    return {
      processPctOfCore: ((u.user + u.system) / wallUs) * 100,
      machineBusyPct: machine,
      cores: availableParallelism(),
    };
  };
}

/** How busy the machine is before we start (other processes skew every figure), over `ms`. */
export async function backgroundBusyPct(ms = 1000): Promise<number | null> {
  const m0 = machineTicks();
  await new Promise((r) => setTimeout(r, ms));
  const m1 = machineTicks();
  return m0 && m1 && m1.total > m0.total ? ((m1.busy - m0.busy) / (m1.total - m0.total)) * 100 : null;
}

/** utime + stime in ms from a /proc stat file; 0 when the task is gone or this is not Linux. */
function statCpuMs(file: string): number {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/** CPU time (ms) a set of processes used so far, all threads; 0 for ones that are gone or off Linux. */
export function processCpuMs(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + statCpuMs(`/proc/${pid}/stat`), 0);
}

/**
 * CPU time (ms) of a process's main thread alone (the task with the process's own id). The rest of a
 * Node server's time is its worker threads (our projector) and V8's helpers (garbage collection, compiling).
 */
export function mainThreadCpuMs(pid: number): number {
  return statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}

/** The PostgreSQL server's processes (the postmaster and every backend), by their command name. */
export function postgresPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}
