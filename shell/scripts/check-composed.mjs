#!/usr/bin/env node
/* global document, window, localStorage -- only inside page.evaluate, i.e. in the browser */
/**
 * Drives the composed product (serve-composed.mjs) in Chromium with a mocked /api, takes screenshots,
 * measures the JS each page loads and the reader's speed. Needs built dists and Debian's chromium.
 *   node shell/scripts/check-composed.mjs [--out /tmp/verba-shots]
 * Prints one line per check and exits 1 if any failed.
 */
import { mkdirSync } from 'node:fs';
import { launchChromium, recordLoadedJs, startComposedServer } from './lib/browser.mjs';
import { createMockApi, LONG_ARTICLE_LINK, PASSWORD, SHORT_ID } from './lib/mock-api.mjs';
import { markWordMeasured, mostFrequentKey, openArticleMeasured, turnPageMeasured } from './lib/reader-perf.mjs';
import { gzKiBOfServed as gzOf } from './lib/sizes.mjs';

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

// The mocked /api (with a 5,000-word article, shown in pages of about 250 words) is lib/mock-api.mjs.
const api = createMockApi();

/** Waits until no "Loading…" placeholder is left (lazy fragments and their data), so a screenshot shows the page. */
const settled = (page) => page.waitForFunction(() => !/Loading/.test(document.body.innerText), undefined, { timeout: 10_000 });

// ---- run --------------------------------------------------------------------------------------
const server = await startComposedServer(PORT);
const browser = await launchChromium();
try {
  // No service worker (offline reading): requests it answers would bypass page.route and its mocked /api.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route('**/api/**', api.handle);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const js = recordLoadedJs(page);

  // Guest -> sign-in page.
  await page.goto(`${BASE}/app/library`);
  await page.waitForURL('**/app/sign-in');
  await page.getByRole('heading', { name: 'Sign in to Verba' }).waitFor();
  await page.waitForLoadState('networkidle');
  const shellInitial = gzOf(js.paths);
  check(
    shellInitial <= 150,
    'shell initial JS on /app/sign-in <= 150 KiB gzip',
    `${shellInitial.toFixed(1)} KiB in ${js.paths.length} files`,
  );
  await page.screenshot({ path: `${out}/sign-in-light.png` });

  // Validation in place.
  await page.getByRole('button', { name: 'Sign in' }).click();
  const email = page.getByLabel('Email');
  check(
    (await email.getAttribute('aria-invalid')) === 'true',
    'empty email is marked aria-invalid',
    await page.locator('.vk-field__error').first().textContent(),
  );
  await email.fill('ana@example.com');
  await page.locator('input[name="password"]').fill('wrong');
  await page.getByRole('button', { name: 'Show password' }).click();
  check((await page.locator('input[name="password"]').getAttribute('type')) === 'text', 'password toggle shows the password');

  // Cookies not accepted.
  await page.getByRole('button', { name: 'Sign in' }).click();
  check(
    (await page.getByRole('alert').textContent())?.includes('Please accept cookies to continue'),
    'sign-in without cookie consent is refused',
  );
  await page.getByRole('button', { name: 'Accept cookies' }).click();

  // Wrong password -> server message.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Incorrect email or password').waitFor();
  check(true, "401 shows the server's message");
  await page.screenshot({ path: `${out}/sign-in-error.png` });

  // Sign in -> dashboard. The server sets the readable CSRF cookie with a session (a guest has none).
  await context.addCookies([{ name: 'verba_csrf', value: 'csrf-token-1', url: BASE }]);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/dashboard');
  await page.getByRole('heading', { name: 'Welcome, Ana!' }).waitFor();
  check(true, 'sign-in goes to the dashboard');
  await settled(page); // the widgets' fragments and their data
  await page.screenshot({ path: `${out}/dashboard.png`, fullPage: true });

  // Library list and a 5,000-word article.
  js.reset();
  await page.getByRole('link', { name: 'Read' }).click();
  await page.getByRole('link', { name: LONG_ARTICLE_LINK }).waitFor();
  await page.waitForLoadState('networkidle');
  check(
    !js.paths.some((p) => /^\/fragments\/reader\/(470|696|540|325|706)\./.test(p)),
    'one React at runtime (no react chunk fetched from the reader)',
    js.paths.filter((p) => p.startsWith('/fragments')).join(' '),
  );
  check(
    gzOf(js.paths.filter((p) => p.startsWith('/fragments/reader/'))) <= 60,
    'reader JS fetched on first visit <= 60 KiB gzip',
    `${gzOf(js.paths.filter((p) => p.startsWith('/fragments/reader/'))).toFixed(1)} KiB`,
  );
  await page.screenshot({ path: `${out}/library.png` });

  const clickable = await openArticleMeasured(page, page.getByRole('link', { name: LONG_ARTICLE_LINK }));
  check(
    clickable.ms <= 150,
    "5,000-word article's first page clickable within 150 ms of the click",
    `${clickable.words} words on page 1 of ${clickable.pages}, ${clickable.ms.toFixed(0)} ms in the page, ${clickable.wallMs} ms seen from Node (mocked API)`,
  );
  const turned = await turnPageMeasured(page, 'PageDown');
  check(
    turned.page === 2 && turned.ms <= 50,
    'PageDown shows the next page within 50 ms',
    `page ${turned.page}, ${turned.words} words, ${turned.ms.toFixed(1)} ms from keydown to next frame`,
  );

  const repaint = await markWordMeasured(page, { key: await mostFrequentKey(page), press: '3', className: 'w w--known' });
  check(
    repaint.syncUpdated && repaint.ms <= 50,
    'status change repaints every occurrence within 50 ms',
    `${repaint.count} occurrences, ${repaint.ms.toFixed(1)} ms from keydown to next frame`,
  );
  check(
    api.patches.at(-1)?.csrf === 'csrf-token-1',
    'PATCH carries x-verba-csrf from the cookie',
    JSON.stringify(api.patches.at(-1)?.body),
  );

  // Keyboard: arrow to the next word, mark uncertain with "u".
  await page.keyboard.press('ArrowRight');
  const focusedKey = await page.evaluate(() => document.activeElement?.getAttribute('data-key'));
  await page.keyboard.press('u');
  const cls = await page.evaluate(() => document.activeElement?.className);
  check(
    Boolean(focusedKey) && cls === 'w w--uncertain',
    'keyboard: ArrowRight + U marks the next word uncertain',
    `${focusedKey} -> ${cls}`,
  );
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
  check(
    (await alert.textContent()).includes('could not be loaded'),
    'a 404 manifest shows an alert in the fragment area',
    (await alert.textContent()).slice(0, 160),
  );
  await page.screenshot({ path: `${out}/fragment-404.png` });
  await page.getByRole('link', { name: 'Practice' }).click();
  await page.getByRole('heading', { name: 'Practice', level: 1 }).waitFor();
  check(true, 'navigation still works after a fragment failed');
  await page.getByRole('link', { name: 'Learn' }).click();
  await alert.waitFor(); // single-spa retried on navigation; still 404
  await page.unroute('**/fragments/learn/mf-manifest.json');
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('heading', { name: 'Courses', level: 1 }).waitFor(); // the learn fragment's course map
  check(true, '"Try again" loads the fragment once the manifest is back');

  // Dev override: localStorage points one fragment at another manifest URL.
  await page.evaluate(() => localStorage.setItem('verba:fragment-override:learn', '/fragments/learn/mf-manifest.json?from=override'));
  js.reset();
  const manifests = [];
  page.on('request', (r) => r.url().includes('mf-manifest.json') && manifests.push(r.url()));
  await page.reload();
  await page.getByRole('heading', { name: 'Courses', level: 1 }).waitFor(); // the learn fragment's course map
  check(
    manifests.some((u) => u.includes('from=override')),
    'localStorage override is used for that fragment',
    manifests.join(' '),
  );
  await page.evaluate(() => localStorage.removeItem('verba:fragment-override:learn'));

  // Theme toggle persists.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.reload();
  check((await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark', 'dark theme persists across reloads');
  await page.getByRole('heading', { name: 'Courses', level: 1 }).waitFor();
  await settled(page);
  await page.screenshot({ path: `${out}/courses-dark.png` });

  // Profile menu: a plain button until used; its Radix code is fetched on hover/focus and opens it on the click.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem').first().waitFor();
  const items = await page.getByRole('menuitem').allTextContents();
  check(
    ['Profile', 'Subscription', 'Sign out'].every((i) => items.includes(i)),
    'profile menu has Profile, Subscription, Sign out',
    items.join(', '),
  );
  await page.screenshot({ path: `${out}/profile-menu-dark.png` });
  await page.getByRole('menuitem', { name: 'Subscription' }).click();
  await page.waitForURL('**/app/user-profile/subscribe');
  await page.getByRole('heading', { name: 'Upgrade to Master' }).waitFor();
  check(await page.getByText('No invoices yet.').isVisible(), 'Subscription shows the plan, the upgrade offer and the invoices');
  await page.screenshot({ path: `${out}/subscription-dark.png` });

  // Session expiry: a 401 from any call -> one notice, back to sign-in.
  api.expireDictionary = true;
  await page.evaluate((id) => window.singleSpaNavigate(`/app/library/${id}`), SHORT_ID);
  await page.waitForURL('**/app/sign-in');
  await page.getByText('Your session has expired. Please sign in again.').first().waitFor();
  check(true, 'a 401 shows "session expired" and goes to sign-in');
  await page.screenshot({ path: `${out}/session-expired-dark.png` });

  // Sign in again, then sign out from the menu.
  api.expireDictionary = false;
  await page.locator('input[name="email"]').fill('ana@example.com');
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/dashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/app/sign-in');
  check(api.user === null, 'Sign out POSTs /api/sign-out and returns to sign-in');

  check(errors.length === 0, 'no uncaught page errors', errors.join(' | '));
  // A call the mock does not know answers 404 and the page shows an error: the screenshots would show that, not the page.
  check(api.unmocked.size === 0, 'every API call the pages made has a mocked answer', [...api.unmocked].join(', '));
} finally {
  await browser.close();
  server.kill();
}
console.log(`screenshots in ${out}`);
process.exitCode = failures ? 1 : 0;
