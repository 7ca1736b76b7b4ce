import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * Test support: Verba's roles as real child processes (`node --import tsx src/runtime/main.ts <role>`),
 * the way deploy/ runs them, each with its own port.
 */
const SERVICES = path.resolve(import.meta.dirname, '../..');

export interface RoleProcess {
  role: string;
  base: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no draining, no last checkpoint (a crash). */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

export function spawnRole(role: string, env: Record<string, string>, args: string[] = []): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/runtime/main.ts', role, ...args], {
    cwd: SERVICES,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

/** Runs a role or command to its end: its exit code and what it printed. */
export async function runToEnd(
  role: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnRole(role, env, args);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output: output() };
}

/** Runs a CLI command (migrate, seed ...) to its end; rejects with its output when it fails. */
export async function runCommand(command: string, env: Record<string, string>, args: string[] = []): Promise<string> {
  const { code, output } = await runToEnd(command, env, args);
  if (code !== 0) throw new Error(`${command} exited with ${code}:\n${output}`);
  return output;
}

/** Starts a server role and resolves once it answers /api/ready. */
export async function startRole(
  role: 'api' | 'projector' | 'relay',
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<RoleProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, output } = spawnRole(role, { ...env, PORT: String(port) });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ended = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${role} exited (${child.exitCode}) before it was ready:\n${output()}`);
    if (Date.now() - started > timeoutMs) {
      await ended('SIGKILL');
      throw new Error(`${role} was not ready in ${timeoutMs} ms:\n${output()}`);
    }
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { role, base, child, output, kill: () => ended('SIGKILL'), stop: () => ended('SIGTERM') };
}
