import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { beforeEach, expect } from 'vitest';
import { freePort } from '../../../services/test-support/platform/free-port';

/**
 * The composed product for Playwright journeys: the real all-in-one server (embedded PostgreSQL, the
 * demo data it seeds) serving the shell and the four fragments, driven by Debian's Chromium.
 */
export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

if (!existsSync(CHROMIUM) && process.env.CI) throw new Error(`CI needs Chromium at ${CHROMIUM} (apt-get install chromium)`);
/** Empty when the journeys can run; otherwise why they skip (never in CI, see above). */
export const skipReason = existsSync(CHROMIUM) ? '' : `skipped: no Chromium at ${CHROMIUM} (apt-get install chromium; CI installs it)`;

export interface Account {
  email: string;
  password: string;
}

export interface Verba {
  base: string;
  browser: Browser;
  /** The seeded demo accounts (passwords printed once by the server). */
  learner: Account;
  admin: Account;
  /** Content-Security-Policy violations any page of this browser reported so far ("url: message"). */
  cspViolations: string[];
  /** Closes everything; fails when a page reported a CSP violation. */
  stop(): Promise<void>;
}

/** Browsers of this test file, so a failed test can show what its pages looked like. */
const browsers = new Set<Browser>();
/** The output of this file's running servers, so a failed test can show what the server said. */
const serverOutputs = new Set<() => string>();
/** Each page's answers of 400 and above and its failed requests, newest last (a few dozen kept). */
const troubles = new WeakMap<Page, string[]>();
/** Where failed journeys describe themselves; CI prints it last, where its log is read (.ci/run). */
export const FAILURES = path.join(ROOT, 'test-results', 'journey-failures.txt');

// A journey that fails leaves a screenshot of every open page and says where each one was, what it showed,
// which requests failed and what the server logged: a timeout alone ("waiting for the heading") does not
// tell what the page showed instead. Registered on import, so every journey file gets it.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const slug = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    const lines = [`## ${path.relative(ROOT, task.file?.filepath ?? '')} > ${task.name} (${new Date().toISOString()})`];
    const pages = [...browsers].flatMap((b) => b.contexts().flatMap((c) => c.pages()));
    for (const [i, page] of pages.entries()) {
      const file = path.join(SHOTS, `failed-${slug}-${i}.png`);
      const text = await page
        .locator('body')
        .innerText({ timeout: 1000 })
        .catch(() => '(no body)');
      await page.screenshot({ path: file, fullPage: true, timeout: 5000 }).catch(() => undefined);
      lines.push(
        `page ${i}: ${page.url()}, screenshot ${path.relative(ROOT, file)}`,
        `  shows: ${text.replace(/\s+/g, ' ').slice(0, 800)}`,
        ...(troubles.get(page) ?? []).map((t) => `  ${t}`),
      );
    }
    // The demo accounts' passwords stay out of a log.
    const said = (output: string) => output.replace(/^(\s+\w+\s+\S+@\S+\s+)\S+$/gm, '$1(password)');
    for (const output of serverOutputs) lines.push('server said (last lines):', ...said(output()).trimEnd().split('\n').slice(-30));
    const report = lines.join('\n') + '\n\n';
    console.error(report);
    mkdirSync(path.dirname(FAILURES), { recursive: true });
    appendFileSync(FAILURES, report);
  });
});

/** Builds what is missing, starts a fresh server on its own data directory (with `env` added), and opens Chromium. */
export async function startVerba(options: { env?: Record<string, string> } = {}): Promise<Verba> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-web.mjs'), '--missing'], { cwd: ROOT, stdio: 'ignore' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verba-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Speech must work as on a fresh machine: no espeak-ng binary on the server's PATH.
  const PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !existsSync(path.join(dir, 'espeak-ng')))
    .join(path.delimiter);
  // No automatic backups unless a journey asks (the operations journey does): none starts mid-journey.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    BACKUP_EVERY: 'off',
    ...options.env,
  };
  delete env.DATABASE_URL;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/runtime/main.ts', 'all-in-one'], {
    cwd: path.join(ROOT, 'services'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout!.on('data', (d) => (out += d));
  server.stderr!.on('data', (d) => (out += d));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null || i > 300) throw new Error(`server did not start:\n${out}`);
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const account = (role: string): Account => {
    const m = new RegExp(`${role}\\s+(\\S+@\\S+)\\s+(\\S+)`).exec(out)!;
    return { email: m[1]!, password: m[2]! };
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const cspViolations = watchPages(browser);
  browsers.add(browser);
  const output = () => out;
  serverOutputs.add(output);
  mkdirSync(SHOTS, { recursive: true });
  return {
    base,
    browser,
    learner: account('learner'),
    admin: account('admin'),
    cspViolations,
    async stop() {
      browsers.delete(browser);
      serverOutputs.delete(output);
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      if (cspViolations.length > 0) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
    },
  };
}

/**
 * Every page of every context of this browser reports what the Content-Security-Policy refused (Chromium
 * logs each refusal as a console error), so every journey doubles as a CSP check; and keeps its failed
 * requests for a failed test's report. `Browser.newPage` goes
 * through `newContext`, so wrapping that one covers both.
 */
function watchPages(browser: Browser): string[] {
  const violations: string[] = [];
  const noteOn = (page: Page, line: string) => {
    const seen = troubles.get(page) ?? [];
    troubles.set(page, seen);
    if (seen.push(`${new Date().toISOString().slice(11, 23)} ${line}`) > 40) seen.shift();
  };
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
    page.on('response', (r) => void (r.status() >= 400 && noteOn(page, `${r.status()} ${r.request().method()} ${r.url()}`)));
    page.on('requestfailed', (r) => noteOn(page, `failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`));
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', watch);
    // The offline worker's own writes (the waiting changes it sends), told on every page of its context.
    const fromWorker = (line: string) => context.pages().forEach((page) => noteOn(page, `worker: ${line}`));
    context.on(
      'response',
      (r) =>
        void (
          r.request().serviceWorker() &&
          r.request().method() !== 'GET' &&
          fromWorker(`${r.status()} ${r.request().method()} ${r.url()}`)
        ),
    );
    context.on(
      'requestfailed',
      (r) => void (r.serviceWorker() && fromWorker(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`)),
    );
    return context;
  };
  return violations;
}

/** The cookie banner shows on a browser that has not answered it yet (it renders with the page). */
async function acceptCookiesIfAsked(page: Page): Promise<void> {
  if (await page.evaluate(() => localStorage.getItem('cookieConsent') === 'accepted')) return;
  await page.getByRole('button', { name: 'Accept cookies' }).click();
}

/** Signs in through the form (accepting cookies first) and waits for the page sign-in leads to. */
export async function signIn(page: Page, base: string, who: Account, landing: string | RegExp = '**/app/dashboard'): Promise<void> {
  await page.goto(`${base}/app/sign-in`);
  await page.getByRole('heading', { name: 'Sign in to Verba' }).waitFor();
  await acceptCookiesIfAsked(page);
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(landing);
}

/** Opens the newest dev-mailbox message to `email` with `subject` and follows its link. */
export async function followMailedLink(page: Page, base: string, email: string, subject: string): Promise<void> {
  await page.goto(`${base}/app/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole('article', { name: subject }).first();
  // The reactor sends after the fact: reload until the mail is there.
  for (let attempt = 0; ; attempt++) {
    const shown = await mail.waitFor({ timeout: 2000 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    if (attempt === 5) throw new Error(`no "${subject}" mail for ${email}`);
    await page.reload();
  }
  await mail.locator('a').first().click();
}

/** Registers through the UI, follows the emailed link, and signs in (landing on onboarding). */
export async function signUpVerified(page: Page, base: string, who: Account): Promise<void> {
  await page.goto(`${base}/app/sign-up`);
  await page.getByRole('heading', { name: 'Create your Verba account' }).waitFor();
  await acceptCookiesIfAsked(page);
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Either the verify-email page, or the form's error (shown in the failure rather than a bare timeout).
  const refused = page.locator('form [role="alert"]');
  const outcome = await Promise.race([
    page.waitForURL('**/app/verify-email?email=**').then(
      () => 'verify',
      () => 'timeout',
    ),
    refused.waitFor().then(
      () => 'refused',
      () => 'timeout',
    ),
  ]);
  if (outcome === 'refused') throw new Error(`sign-up refused: ${await refused.innerText()}`);
  if (outcome !== 'verify') throw new Error('sign-up did not reach the verify-email page');
  await followMailedLink(page, base, who.email, 'Confirm your email address for Verba');
  await page.getByText('Your email address is verified. You can sign in now.').waitFor();
  await signIn(page, base, who, '**/app/onboarding**');
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the current page (ids and a sample target each). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Through the devtools protocol, not a <script> tag: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, target: v.nodes[0]?.target.join(' ') ?? '' }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.target})`);
}

/** Saves a full-page screenshot as `<name>.png` (test-results/screenshots) and expects no serious or critical axe violations there. */
export async function look(page: Page, name: string): Promise<void> {
  // From the top: a full-page picture taken while scrolled shows the sticky header in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  expect(await seriousA11yViolations(page), name).toEqual([]);
}

/** Goes through the main onboarding from its first page: language, level, name and username. */
export async function onboard(page: Page, language: string, level: string, name: string): Promise<void> {
  await page.waitForURL('**/app/onboarding**');
  await page.getByRole('button', { name: 'Let’s start' }).click();
  await page.getByRole('radio', { name: new RegExp(language) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: new RegExp(`^${level} ·`) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Username').fill(`${name.toLowerCase().replace(/\W/g, '')}_${Date.now()}`);
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByText(`You are learning ${language} at ${level}.`).waitFor();
  await page.getByRole('button', { name: 'Go to the dashboard' }).click();
  await page.waitForURL('**/app/dashboard');
}

/**
 * Saves a full-page screenshot as SHOTS/<file>.png and checks the page with axe (no serious or critical
 * violations). From the top and with animations finished: a scrolled page repeats its sticky header inside a
 * full-page shot, and a dialog still fading in is half there.
 */
export async function lookAt(page: Page, file: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${file}.png`), fullPage: true, animations: 'disabled' });
  expect(await seriousA11yViolations(page), file).toEqual([]);
}
