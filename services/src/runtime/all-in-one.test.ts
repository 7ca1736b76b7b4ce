import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRealTestDatabase } from '../../test-support/platform/databases';
import { freePort } from '../../test-support/platform/free-port';
import { buildServices } from '../../../scripts/build-services.mjs';
import { startCommand } from '../../test-support/platform/start-script';
import { listBackups } from '../platform/backup/schedule';

/**
 * `npm start` as a user runs it: one process, embedded PostgreSQL, no servers. It must serve health and
 * the OpenAPI document, and a SIGKILL in the middle of a load must lose no write it had accepted.
 */
const SERVICES = path.resolve(import.meta.dirname, '../..');

interface Running {
  child: ChildProcess;
  output: () => string;
  base: string;
}

async function start(dataDir: string, port: number, databaseUrl?: string, extra: Record<string, string> = {}): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // What `npm start` runs after its prestart build: node itself on the bundle in services/dist (not npm,
  // whose process would outlive a SIGKILL sent to it).
  await buildServices();
  const [command, args] = startCommand();
  const child = spawn(command, args, { cwd: SERVICES, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${out}`);
    try {
      const res = await fetch(`${base}/api/ready`);
      if (res.ok) return { child, output: () => out, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A command of the built CLI (`node dist/main.mjs <args>`) on `dataDir`, to its end. */
async function cli(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['dist/main.mjs', ...args], { cwd: SERVICES, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  return { code, output };
}

/** A tiny cookie-keeping client, as the browser would be. */
class Client {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async call(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: any }> /* eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON */ {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const csrf = this.cookies.get('verba_csrf');
    if (csrf) headers['x-verba-csrf'] = csrf;
    const res = await fetch(`${this.base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      if (v) this.cookies.set(k!, v);
    }
    return { status: res.status, json: await res.json().catch(() => undefined) };
  }
}

describe('npm start (all-in-one on embedded PostgreSQL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verba-start-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves health and OpenAPI, and loses no accepted write to a SIGKILL mid-load', async () => {
    const port = await freePort();
    const first = await start(dataDir, port);
    children.push(first.child);
    expect(await (await fetch(`${first.base}/api/health`)).json()).toEqual({ status: 'ok' });
    const docs = (await (await fetch(`${first.base}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(['/api/sign-in', '/api/dictionary/word']));

    // The seed printed the demo learner's password once.
    const match = /learner\s+(\S+@\S+)\s+(\S+)/.exec(first.output());
    expect(match, first.output()).not.toBeNull();
    const [, email, password] = match!;
    const client = new Client(first.base);
    expect((await client.call('POST', '/api/sign-in', { email, password })).status).toBe(200);

    // Load: marks keep going while the process is killed; remember every one that was answered 200.
    const accepted: string[] = [];
    let i = 0;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        for (;;) {
          const word = `wort${i++}`;
          try {
            const res = await client.call('PATCH', '/api/dictionary/word', { languageCode: 'de', word: { value: word, status: 'known' } });
            if (res.status !== 200) return;
            accepted.push(word);
          } catch {
            return; // connection refused: the process is gone
          }
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 1500));
    first.child.kill('SIGKILL');
    await load;
    expect(accepted.length).toBeGreaterThan(10);
    const second = await start(dataDir, port);
    children.push(second.child);
    const again = new Client(second.base);
    expect((await again.call('POST', '/api/sign-in', { email, password })).status).toBe(200);
    let words: string[] = [];
    for (let tries = 0; tries < 100; tries++) {
      const res = await again.call('GET', '/api/dictionary?languageCode=de');
      words = res.json.words.map((w: { value: string }) => w.value);
      if (accepted.every((w) => words.includes(w))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(accepted.filter((w) => !words.includes(w))).toEqual([]);

    // SIGTERM drains: requests in flight are answered, then the process exits cleanly.
    const inFlight = Array.from({ length: 20 }, (_, n) =>
      again.call('PATCH', '/api/dictionary/word', { languageCode: 'de', word: { value: `drain${n}`, status: 'known' } }),
    );
    await new Promise((r) => setTimeout(r, 5));
    second.child.kill('SIGTERM');
    const answered = await Promise.allSettled(inFlight);
    const exitCode = await new Promise<number | null>((r) => second.child.once('exit', (code) => r(code)));
    expect(exitCode).toBe(0);
    // Requests that reached the server before the drain are answered 200; later ones are refused (503).
    const statuses = answered.flatMap((a) => (a.status === 'fulfilled' ? [a.value.status] : []));
    expect(
      statuses.every((s) => s === 200 || s === 503),
      String(statuses),
    ).toBe(true);
  }, 240_000);

  it('backs itself up, `backup` copies the running server, and `restore` brings its learners back in a new data directory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'verba-start-backups-'));
    const restoredDir = mkdtempSync(path.join(tmpdir(), 'verba-start-restored-'));
    try {
      const running = await start(dir, await freePort(), undefined, { BACKUP_EVERY: '2s', BACKUP_KEEP: '2' });
      children.push(running.child);
      const [, email, password] = /learner\s+(\S+@\S+)\s+(\S+)/.exec(running.output())!;
      const client = new Client(running.base);
      expect((await client.call('POST', '/api/sign-in', { email, password })).status).toBe(200);
      const mark = await client.call('PATCH', '/api/dictionary/word', {
        languageCode: 'de',
        word: { value: 'gesichert', status: 'known' },
      });
      expect(mark.status).toBe(200);

      // Automatic backups: one a turn, the newest two kept.
      const backups = () => listBackups(path.join(dir, 'backups'));
      await expect.poll(() => backups().length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(1);
      const first = backups().at(-1)!.file;
      await expect.poll(() => existsSync(first), { timeout: 30_000, interval: 250 }).toBe(false);
      expect(backups().length).toBeLessThanOrEqual(2);

      // A backup taken from outside while the server runs (through the server's own database port).
      const out = path.join(dir, 'by-hand.backup.gz');
      const made = await cli(dir, 'backup', '--out', out);
      expect(made.code, made.output).toBe(0);
      expect(made.output).toMatch(/backed up \d+ events/);
      expect((await client.call('GET', '/api/dictionary?languageCode=de')).status).toBe(200); // still serving
      running.child.kill('SIGTERM');
      await new Promise((r) => running.child.once('exit', r));

      const restored = await cli(restoredDir, 'restore', out);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(/read models built from the restored log/);
      const again = await start(restoredDir, await freePort());
      children.push(again.child);
      expect(again.output()).not.toMatch(/learner\s+\S+@/); // not seeded again: it holds the restored log
      const back = new Client(again.base);
      expect((await back.call('POST', '/api/sign-in', { email, password })).status).toBe(200);
      const words = (await back.call('GET', '/api/dictionary?languageCode=de')).json.words.map((w: { value: string }) => w.value);
      expect(words).toContain('gesichert');
      again.child.kill('SIGTERM');
      await new Promise((r) => again.child.once('exit', r));
      const twice = await cli(restoredDir, 'restore', out);
      expect([twice.code, twice.output]).toEqual([1, expect.stringContaining('Nothing was restored: This database already holds a log')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(restoredDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('on PostgreSQL, runs its projectors on their own thread: a mark reads back with its position', async () => {
    const database = await createRealTestDatabase();
    const otherDir = mkdtempSync(path.join(tmpdir(), 'verba-start-pg-'));
    try {
      const running = await start(otherDir, await freePort(), database.connectionString);
      children.push(running.child);
      const match = /learner\s+(\S+@\S+)\s+(\S+)/.exec(running.output());
      expect(match, running.output()).not.toBeNull();
      const client = new Client(running.base);
      expect((await client.call('POST', '/api/sign-in', { email: match![1], password: match![2] })).status).toBe(200);
      // The demo library was projected before the server said it was ready.
      expect((await client.call('GET', '/api/articles?languageCode=de')).json.articles.length).toBeGreaterThan(0);
      const mark = await client.call('PATCH', '/api/dictionary/word', {
        languageCode: 'de',
        word: { value: 'gebündelt', status: 'known' },
      });
      expect(mark.status).toBe(200);
      const read = await client.call('GET', `/api/dictionary?languageCode=de&minPosition=${mark.json.position}`);
      expect(read.status).toBe(200);
      expect(read.json.words.map((w: { value: string }) => w.value)).toContain('gebündelt');
      running.child.kill('SIGTERM');
      await new Promise((r) => running.child.once('exit', r));
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
