import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../test-support/platform/free-port';
import { buildServices } from '../../../scripts/build-services.mjs';

const SERVICES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningApi {
  base: string;
  /** The database the API uses (the bench reads the verification mail from its dev mailbox). */
  databaseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The API talks to a local server over its Unix socket when there is one, as a co-located deployment
 * would: TCP on loopback costs the two cores a fifth of the API's throughput.
 */
export function preferUnixSocket(url: string): string {
  const u = new URL(url);
  const port = u.port || '5432';
  const socketDir = '/var/run/postgresql';
  if (!['127.0.0.1', 'localhost'].includes(u.hostname) || !existsSync(`${socketDir}/.s.PGSQL.${port}`)) return url;
  const auth = u.username ? `${u.username}${u.password ? `:${u.password}` : ''}@` : '';
  return `postgres://${auth}${u.pathname}?host=${socketDir}&port=${port}`;
}

/**
 * Starts the all-in-one API on `databaseUrl` in its own process, as the images run it: node on the bundle
 * `npm start`'s prestart builds (scripts/build-services.mjs).
 */
export async function startApi(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningApi> {
  await buildServices();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verba-bench-'));
  const extra = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []; // e.g. --cpu-prof
  const api = await startServer('API', [...extra, '--enable-source-maps', 'dist/main.mjs', 'all-in-one'], databaseUrl, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1', // required in production; the benchmark follows no link
    SECRET_KEY: 'bench-secret-key-0123456789-0123456789-abcdef',
    ...env,
  });
  return { ...api, stop: () => api.stop().finally(() => rmSync(dataDir, { recursive: true, force: true })) };
}

/** Starts the bare fastify peer (bench/api/peer.ts) on `databaseUrl` in its own process. */
export function startPeer(databaseUrl: string): Promise<RunningApi> {
  return startServer('peer', ['--import', 'tsx', 'bench/api/peer.ts'], databaseUrl, {});
}

async function startServer(label: string, args: string[], databaseUrl: string, env: Record<string, string>): Promise<RunningApi> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: SERVICES,
    env: { ...process.env, ...env, DATABASE_URL: preferUnixSocket(databaseUrl), PORT: String(port) },
    // BENCH_API_STDOUT=1 shows the server's log (pino writes to stdout), e.g. to see why a request failed.
    stdio: ['ignore', process.env.BENCH_API_STDOUT ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
    if (process.env.BENCH_API_STDERR) process.stderr.write(d);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`${label} not ready in 60 s:\n${stderr}`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    databaseUrl,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

export interface Session {
  cookie: string;
  csrf: string;
}

/**
 * Registers, follows the verification link (from the dev mailbox table: the bench's API runs with
 * NODE_ENV=production, which hides the mailbox route) and signs in; returns the cookie header and the
 * CSRF token a browser would send.
 */
export async function signUpAndIn(api: RunningApi, email: string, password: string): Promise<Session> {
  const { base } = api;
  const json = { 'content-type': 'application/json' };
  const up = await fetch(`${base}/api/sign-up`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  if (up.status !== 201) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const token = await mailedToken(api.databaseUrl, email);
  const verified = await fetch(`${base}/api/verify-email`, { method: 'POST', headers: json, body: JSON.stringify({ token }) });
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
  const res = await fetch(`${base}/api/sign-in`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('verba_csrf='))!.split('=')[1]!;
  return { cookie: cookies.join('; '), csrf };
}

async function mailedToken(databaseUrl: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < 200; i++) {
      const { rows } = await client.query<{ text: string }>(
        'select text from dev_mailbox where to_address = $1 order by sent_at desc limit 1',
        [email.toLowerCase()],
      );
      const link = rows[0] && /https?:\/\/\S+/.exec(rows[0].text)?.[0];
      if (link) return new URL(link).searchParams.get('token')!;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no verification mail for ${email}`);
  } finally {
    await client.end();
  }
}
