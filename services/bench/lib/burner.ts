import { spawn } from 'node:child_process';

/**
 * Keeps one core busy with a spinning child process, to measure how a server holds up when the
 * machine's other work takes a core. Returns a function that stops it.
 */
export function startCpuBurner(): () => Promise<void> {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
}
