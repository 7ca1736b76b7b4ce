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

/** CPU time (ms) a set of processes used so far, all threads; 0 for ones that are gone or off Linux. */
export function processCpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // gone, or not Linux
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
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
