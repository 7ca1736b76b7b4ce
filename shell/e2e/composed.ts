/**
 * The composed product for journeys: the real all-in-one server (embedded PostgreSQL in a throwaway data
 * directory, the demo data it seeds) serving the shell and the four fragments, and Debian Chromium.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

if (!existsSync(CHROMIUM) && process.env.CI) throw new Error(`CI needs Chromium at ${CHROMIUM} (apt-get install chromium)`);
/** Empty when journeys can run; else why they are skipped. */
export const skipReason = existsSync(CHROMIUM) ? '' : `skipped: no Chromium at ${CHROMIUM} (apt-get install chromium; CI installs it)`;

export interface Account {
  email: string;
  password: string;
}

export interface Composed {
  base: string;
  learner: Account;
  admin: Account;
  browser: Browser;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Builds what is missing, starts the server on a free port and Chromium; the seeded accounts from its output. */
export async function startComposed(): Promise<Composed> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-web.mjs'), '--missing'], { cwd: ROOT, stdio: 'ignore' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verba-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/runtime/main.ts', 'all-in-one'], { cwd: path.join(ROOT, 'services'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  server.stdout!.on('data', (d) => (out += d));
  server.stderr!.on('data', (d) => (out += d));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null || i > 300) throw new Error(`server did not start:\n${out}`);
    if (await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const account = (role: string): Account => {
    const m = new RegExp(`${role}\\s+(\\S+@\\S+)\\s+(\\S+)`).exec(out)!;
    return { email: m[1]!, password: m[2]! };
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  mkdirSync(SHOTS, { recursive: true });
  return {
    base,
    learner: account('learner'),
    admin: account('admin'),
    browser,
    async close() {
      await browser.close();
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in on the sign-in page (accepting cookies first) and waits for the dashboard. */
export async function signIn(page: Page, base: string, account: Account, screenshot?: string): Promise<void> {
  await page.goto(`${base}/app/sign-in`);
  await page.getByRole('heading', { name: 'Sign in to Verba' }).waitFor();
  if (screenshot) await page.screenshot({ path: path.join(SHOTS, screenshot) });
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/dashboard');
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the current page (ids and a sample target each). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, target: v.nodes[0]?.target.join(' ') ?? '' }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.target})`);
}
