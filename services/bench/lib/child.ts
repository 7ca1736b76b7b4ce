import { fork, type ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();

/**
 * Runs a TypeScript module in a fresh Node process (same tsx loader) and resolves with the one message
 * it sends. A fresh process per contender keeps module-global state apart: the peer's driver, for
 * instance, installs process-wide `pg` type parsers that would otherwise change our store's reads.
 * The child's stdout goes to our stderr, so the benchmark's stdout carries only the report.
 */
export function runInChild<T>(modulePath: string, args: readonly string[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = fork(modulePath, [...args], { stdio: ['ignore', 2, 2, 'ipc'] });
    live.add(child);
    let result: { value: T } | undefined;
    child.on('message', (m) => {
      result = { value: m as T };
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      live.delete(child);
      if (result && code === 0) resolve(result.value);
      else reject(new Error(`${modulePath} ${args.join(' ')} exited with ${signal ?? `code ${code}`}`));
    });
  });
}

/** Terminates the children still running (on Ctrl-C, before their databases are dropped). */
export async function killChildren(): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}
