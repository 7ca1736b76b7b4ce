import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The pool's threads run niced: when a fit, an alignment or an import wants the CPU at the same time as the
 * request thread, the request thread gets it (on two cores a fit took a fifth of the API's marks).
 * Linux schedules threads, not processes, so this lowers only the calling thread, and the threads it
 * starts later inherit it (the native optimiser's own).
 */
export const BACKGROUND_NICE = 10;

/** This thread's kernel id ("/proc/thread-self" is "<pid>/task/<tid>"), or undefined off Linux. */
export function kernelThreadId(): number | undefined {
  try {
    const match = /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Lowers the calling thread's priority to `nice`; false where it cannot (not Linux, not allowed). */
export function runInBackground(nice = BACKGROUND_NICE): boolean {
  const tid = kernelThreadId();
  if (tid === undefined) return false;
  try {
    setPriority(tid, nice);
    return getPriority(tid) === nice;
  } catch {
    return false;
  }
}
