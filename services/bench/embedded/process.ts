import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test-support/platform/free-port';
import { buildServices } from '../../../scripts/build-services.mjs';
import { startCommand } from '../../test-support/platform/start-script';
import { RssSampler } from './rss';

const SERVICES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AllInOne {
  base: string;
  pid: number;
  /** Spawn to the first 200 from /api/ready, ms. */
  readyMs: number;
  /** RSS of the process tree sampled every 50 ms from spawn to ready. */
  startup: RssSampler;
  stop(): Promise<void>;
}

/**
 * Starts what `npm start` runs (its start script, without npm's own process and the prestart build
 * check) with `dataDir`; PGlite unless `databaseUrl` is given. The environment is
 * npm start's: no NODE_ENV, so development defaults (dev mailbox, response validation).
 */
export async function startAllInOne(options: { dataDir: string; databaseUrl?: string; nodeOptions?: string }): Promise<AllInOne> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: options.dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.nodeOptions !== undefined) env.NODE_OPTIONS = options.nodeOptions;
  await buildServices(); // npm's prestart: outside the measured time, as the web app's build is
  const started = performance.now();
  const [command, args] = startCommand();
  const child: ChildProcess = spawn(command, args, { cwd: SERVICES, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const startup = new RssSampler(child.pid!);
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
    if (process.env.BENCH_API_STDERR) process.stderr.write(d);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`all-in-one exited with ${child.exitCode}:\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`all-in-one not ready in 120 s:\n${stderr}`);
      if (
        await fetch(`${base}/api/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (e) {
    startup.stop();
    child.kill('SIGKILL');
    throw e;
  }
  const readyMs = performance.now() - started;
  startup.stop();
  return {
    base,
    pid: child.pid!,
    readyMs,
    startup,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
