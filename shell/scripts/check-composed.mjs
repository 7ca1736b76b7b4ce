#!/usr/bin/env node
/* global document, window, localStorage, performance, KeyboardEvent, requestAnimationFrame -- only inside page.evaluate, i.e. in the browser */
/**
 * Drives the composed product (serve-composed.mjs) in Chromium with a mocked /api, takes screenshots,
 * measures the JS each page loads and the reader's speed. Needs built dists and Debian's chromium.
 *   node shell/scripts/check-composed.mjs [--out /tmp/verba-shots]
 * Prints one line per check and exits 1 if any failed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1] : '/tmp/verba-shots';
mkdirSync(out, { recursive: true });
const PORT = 8093;
const BASE = `http://127.0.0.1:${PORT}`;
let failures = 0;
const check = (ok, label, detail = '') => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` — ${detail}` : ''}`);
};

// ---- a 5,000-word German article -------------------------------------------------------------
const VOCAB = 'der die das und ist nicht ein eine Hund Katze Haus Stadt Zeit Jahr Mensch Kind Frau Mann Tag Welt Leben Hand Auge Arbeit Wort Schule Buch Freund Straße Nacht Wasser Geld Bild Frage Seite Weg Land Morgen Abend Woche laufen schlafen lesen schreiben sprechen denken finden sehen kommen gehen geben nehmen wissen bleiben heute gestern immer schon noch sehr auch aber oder weil dass wenn groß klein alt neu gut schön lang kurz hell dunkel schnell langsam über unter neben zwischen Straßenbahn Bürgermeister Frühstück Geschäft Gemüse Bäckerei Fahrrad Sonnenschein'.split(' ');
function article(words) {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const parts = [];
  for (let i = 0; i < words; i++) {
    let w = VOCAB[Math.floor(rand() * VOCAB.length)];
    if (i % 12 === 0) w = w[0].toUpperCase() + w.slice(1);
    parts.push(w + (i % 12 === 11 ? (i % 96 === 95 ? '.\n\n' : '. ') : i % 5 === 4 ? ', ' : ' '));
  }
  return parts.join('');
}
const CONTENT = article(5000);
const ARTICLES = [
  { id: 'a-5000', name: 'Ein langer Tag in der Stadt (5,000 words)', category: 'Culture', generalDifficulty: 'B1', totalWords: 5000, languageCode: 'de' },
  { id: 'a-short', name: 'Der Hund', category: 'Animals', generalDifficulty: 'A1', totalWords: 6, languageCode: 'de' },
];

// ---- mocked API -------------------------------------------------------------------------------
const api = { user: null, expireDictionary: false, patches: [] };
const USER = { uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', currentLearningLanguage: 'de', showMainOnboarding: false };
async function handleApi(route) {
  const req = route.request();
  const url = new URL(req.url());
  const json = (status, body) => route.fulfill({ status, contentType: status >= 400 ? 'application/problem+json' : 'application/json', body: JSON.stringify(body) });
  const problem = (status, message) => json(status, { type: 'about:blank', title: 'Error', status, detail: message, message });
  const key = `${req.method()} ${url.pathname}`;
  if (key === 'POST /api/sign-in') {
    const body = req.postDataJSON();
    if (body.password !== 'correct horse') return problem(401, 'Incorrect email or password');
    api.user = USER;
    return json(200, { showMainOnboarding: false, user: USER });
  }
  if (key === 'POST /api/sign-out') return (api.user = null), json(200, { ok: true });
  if (!api.user) return problem(401, 'Not signed in');
  if (key === 'GET /api/user') return json(200, api.user);
  if (key === 'GET /api/articles') return json(200, { articles: ARTICLES });
  if (key === 'GET /api/articles/a-5000') return json(200, { ...ARTICLES[0], content: CONTENT });
  if (key === 'GET /api/articles/a-short') return json(200, { ...ARTICLES[1], content: 'Der Hund läuft. Der Hund schläft.' });
  if (key === 'GET /api/dictionary') {
    if (api.expireDictionary) return problem(401, 'Session expired');
    return json(200, { languageCode: 'de', words: [{ value: 'der', status: 'known' }, { value: 'katze', status: 'uncertain' }] });
  }
  if (key === 'PATCH /api/dictionary/word') {
    api.patches.push({ body: req.postDataJSON(), csrf: req.headers()['x-verba-csrf'] });
    return json(200, { changed: 1, word: req.postDataJSON().word });
  }
  return problem(404, `No mock for ${key}`);
}

// ---- run --------------------------------------------------------------------------------------
const server = spawn(process.execPath, [path.join(root, 'shell/scripts/serve-composed.mjs'), '--port', String(PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve) => server.stdout.once('data', resolve));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'verba_csrf', value: 'csrf-token-1', url: BASE }]);
  const page = await context.newPage();
  await page.route('**/api/**', handleApi);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let loaded = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js') || r.url().includes('.js?')) loaded.push(new URL(r.url()).pathname);
  });
  const gzOf = (files) => {
    let sum = 0;
    for (const p of files) {
      const fragment = /^\/fragments\/([a-z]+)\/(.*)$/.exec(p);
      const file = fragment ? path.join(root, `mfe-${fragment[1]}`, 'dist', fragment[2]) : path.join(root, 'shell/dist', p);
      sum += gzipSync(readFileSync(file), { level: 9 }).length;
    }
    return sum / 1024;
  };

  // Guest -> sign-in page.
  await page.goto(`${BASE}/app/library`);
  await page.waitForURL('**/app/sign-in');
  await page.getByRole('heading', { name: 'Sign in to Verba' }).waitFor();
  await page.waitForLoadState('networkidle');
  const shellInitial = gzOf(loaded);
  check(shellInitial <= 150, 'shell initial JS on /app/sign-in <= 150 KiB gzip', `${shellInitial.toFixed(1)} KiB in ${loaded.length} files`);
  await page.screenshot({ path: `${out}/sign-in-light.png` });

  // Validation in place.
  await page.getByRole('button', { name: 'Sign in' }).click();
  const email = page.getByLabel('Email');
  check((await email.getAttribute('aria-invalid')) === 'true', 'empty email is marked aria-invalid', await page.locator('.vk-field__error').first().textContent());
  await email.fill('ana@example.com');
  await page.locator('input[name="password"]').fill('wrong');
  await page.getByRole('button', { name: 'Show password' }).click();
  check((await page.locator('input[name="password"]').getAttribute('type')) === 'text', 'password toggle shows the password');

  // Cookies not accepted.
  await page.getByRole('button', { name: 'Sign in' }).click();
  check((await page.getByRole('alert').textContent())?.includes('Please accept cookies to continue'), 'sign-in without cookie consent is refused');
  await page.getByRole('button', { name: 'Accept cookies' }).click();

  // Wrong password -> server message.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Incorrect email or password').waitFor();
  check(true, "401 shows the server's message");
  await page.screenshot({ path: `${out}/sign-in-error.png` });

  // Sign in -> dashboard.
  await page.locator('input[name="password"]').fill('correct horse');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/dashboard');
  await page.getByRole('heading', { name: 'Welcome, Ana!' }).waitFor();
  check(true, 'sign-in goes to the dashboard');
  await page.screenshot({ path: `${out}/dashboard.png` });

  // Library list and a 5,000-word article.
  loaded = [];
  await page.getByRole('link', { name: 'Read' }).click();
  await page.getByRole('link', { name: /5,000 words/ }).waitFor();
  await page.waitForLoadState('networkidle');
  check(!loaded.some((p) => /^\/fragments\/reader\/(470|696|540|325|706)\./.test(p)), 'one React at runtime (no react chunk fetched from the reader)', loaded.filter((p) => p.startsWith('/fragments')).join(' '));
  check(gzOf(loaded.filter((p) => p.startsWith('/fragments/reader/'))) <= 60, 'reader JS fetched on first visit <= 60 KiB gzip', `${gzOf(loaded.filter((p) => p.startsWith('/fragments/reader/'))).toFixed(1)} KiB`);
  await page.screenshot({ path: `${out}/library.png` });

  const t0 = Date.now();
  await page.getByRole('link', { name: /5,000 words/ }).click();
  await page.waitForFunction(() => document.querySelectorAll('.rd-text [data-key]').length === 5000, null, { polling: 'raf' });
  const clickable = Date.now() - t0;
  check(clickable <= 500, '5,000-word article clickable within 500 ms of the click', `${clickable} ms (mocked API)`);

  const repaint = await page.evaluate(async () => {
    const first = document.querySelector('.rd-text [data-key="hund"]');
    first.focus();
    const start = performance.now();
    first.dispatchEvent(new KeyboardEvent('keydown', { key: '3', bubbles: true }));
    const all = [...document.querySelectorAll('.rd-text [data-key="hund"]')];
    const updated = all.every((e) => e.className === 'w w--known');
    await new Promise((r) => requestAnimationFrame(() => r()));
    return { ms: performance.now() - start, count: all.length, updated };
  });
  check(repaint.updated && repaint.ms <= 50, 'status change repaints every occurrence within 50 ms', `${repaint.count} occurrences, ${repaint.ms.toFixed(1)} ms to next frame`);
  check(api.patches.at(-1)?.csrf === 'csrf-token-1', 'PATCH carries x-verba-csrf from the cookie', JSON.stringify(api.patches.at(-1)?.body));

  // Keyboard: arrow to the next word, mark uncertain with "u".
  await page.keyboard.press('ArrowRight');
  const focusedKey = await page.evaluate(() => document.activeElement?.getAttribute('data-key'));
  await page.keyboard.press('u');
  const cls = await page.evaluate(() => document.activeElement?.className);
  check(Boolean(focusedKey) && cls === 'w w--uncertain', 'keyboard: ArrowRight + U marks the next word uncertain', `${focusedKey} -> ${cls}`);
  await page.screenshot({ path: `${out}/reader.png` });

  // Non-admin on /app/admin -> dashboard.
  await page.evaluate(() => window.singleSpaNavigate('/app/admin/users'));
  await page.waitForURL('**/app/dashboard');
  check(true, 'non-admin opening /app/admin/* lands on the dashboard');

  // A fragment whose manifest 404s: message in its area, navigation keeps working, retry recovers.
  await page.route('**/fragments/learn/mf-manifest.json', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto(`${BASE}/app/courses`);
  const alert = page.locator('.sh-fragment:not([hidden]) [role="alert"]');
  await alert.waitFor();
  check((await alert.textContent()).includes('could not be loaded'), 'a 404 manifest shows an alert in the fragment area', (await alert.textContent()).slice(0, 160));
  await page.screenshot({ path: `${out}/fragment-404.png` });
  await page.getByRole('link', { name: 'Practice' }).click();
  await page.getByRole('heading', { name: 'Practice', level: 1 }).waitFor();
  check(true, 'navigation still works after a fragment failed');
  await page.getByRole('link', { name: 'Learn' }).click();
  await alert.waitFor(); // single-spa retried on navigation; still 404
  await page.unroute('**/fragments/learn/mf-manifest.json');
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByText('Courses are coming soon').waitFor();
  check(true, '"Try again" loads the fragment once the manifest is back');

  // Dev override: localStorage points one fragment at another manifest URL.
  await page.evaluate(() => localStorage.setItem('verba:fragment-override:learn', '/fragments/learn/mf-manifest.json?from=override'));
  loaded = [];
  const manifests = [];
  page.on('request', (r) => r.url().includes('mf-manifest.json') && manifests.push(r.url()));
  await page.reload();
  await page.getByText('Courses are coming soon').waitFor();
  check(manifests.some((u) => u.includes('from=override')), 'localStorage override is used for that fragment', manifests.join(' '));
  await page.evaluate(() => localStorage.removeItem('verba:fragment-override:learn'));

  // Theme toggle persists.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.reload();
  check((await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark', 'dark theme persists across reloads');
  await page.screenshot({ path: `${out}/courses-dark.png` });

  // Profile menu (Radix, loaded lazily).
  await page.getByRole('button', { name: /Account menu/ }).click();
  const items = await page.getByRole('menuitem').allTextContents();
  check(['Profile', 'Subscription', 'Sign out'].every((i) => items.includes(i)), 'profile menu has Profile, Subscription, Sign out', items.join(', '));
  await page.screenshot({ path: `${out}/profile-menu-dark.png` });
  await page.getByRole('menuitem', { name: 'Subscription' }).click();
  await page.waitForURL('**/app/user-profile/subscribe');
  check(await page.getByText('Subscription management is coming soon').isVisible(), 'Subscription opens its (honest placeholder) page');

  // Session expiry: a 401 from any call -> one notice, back to sign-in.
  api.expireDictionary = true;
  await page.evaluate(() => window.singleSpaNavigate('/app/library/a-short'));
  await page.waitForURL('**/app/sign-in');
  await page.getByText('Your session has expired. Please sign in again.').first().waitFor();
  check(true, 'a 401 shows "session expired" and goes to sign-in');
  await page.screenshot({ path: `${out}/session-expired-dark.png` });

  // Sign in again, then sign out from the menu.
  api.expireDictionary = false;
  await page.locator('input[name="email"]').fill('ana@example.com');
  await page.locator('input[name="password"]').fill('correct horse');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/dashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/app/sign-in');
  check(api.user === null, 'Sign out POSTs /api/sign-out and returns to sign-in');

  check(errors.length === 0, 'no uncaught page errors', errors.join(' | '));
} finally {
  await browser.close();
  server.kill();
}
console.log(`screenshots in ${out}`);
process.exitCode = failures ? 1 : 0;
