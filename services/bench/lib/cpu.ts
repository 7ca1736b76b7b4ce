import { readFileSync } from 'node:fs';
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
