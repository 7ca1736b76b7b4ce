import { getPriority } from 'node:os';
import { serveJobs } from '../../src/platform/untrusted/serve';
import { Refused } from '../../src/platform/untrusted/refused';

/** Jobs that break each budget of the untrusted pool on purpose (platform/untrusted/pool.test.ts). */
export const testJobs = {
  echo: (input: { text: string }) => input.text,
  spin: () => {
    for (;;);
  },
  /** Spins until it has used `cpuMs` of CPU; answers the CPU and the wall time that took (held time included). */
  burn: (input: { cpuMs: number }) => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    let used = 0;
    while (used < input.cpuMs) {
      const { user, system } = process.cpuUsage(cpu);
      used = (user + system) / 1000;
    }
    return { cpuMs: used, wallMs: performance.now() - wall };
  },
  hoard: () => {
    const kept: number[][] = [];
    for (;;) kept.push(new Array(1_000_000).fill(kept.length));
  },
  overflow: () => {
    const deeper = (n: number): number => deeper(n + 1) + 1;
    return deeper(0);
  },
  shout: (input: { size: number }) => 'a'.repeat(input.size),
  refuse: () => {
    throw new Refused(413, 'This file is too large, says the job.');
  },
  crash: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'x') at /srv/secret/parser.ts:12:3");
  },
  /** How many bytes reached the worker, and their sum (so every byte is read). */
  count: (input: { file: { bytes: Uint8Array } }) => {
    let sum = 0;
    for (const b of input.file.bytes) sum = (sum + b) % 1_000_000_007;
    return { length: input.file.bytes.length, sum };
  },
  wait: (input: { ms: number }) => new Promise((resolve) => setTimeout(() => resolve('waited'), input.ms)),
  /** Where the job ran: its process, and that thread's nice value. */
  whereAmI: () => ({ pid: process.pid, nice: getPriority() }),
  /** Its process ended at once, as a Rust panic ends it (without abort's core dump and stack in the test's output). */
  abort: () => process.kill(process.pid, 'SIGKILL'),
};

export default serveJobs(testJobs);
