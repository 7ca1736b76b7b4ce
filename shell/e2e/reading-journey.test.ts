import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SHOTS, seriousA11yViolations, signIn as signInAs, skipReason, startComposed, type Account, type Composed } from './composed';

/**
 * The composed product in Debian Chromium: the real all-in-one server (embedded PostgreSQL, the demo
 * data it seeds) serving the shell and the four fragments. Screenshots go to test-results/screenshots.
 */
describe.skipIf(!!skipReason)(`reading journey in Chromium ${skipReason}`, () => {
  let composed: Composed;
  let browser: Browser;
  let base: string;
  let learner: Account;
  let admin: Account;

  beforeAll(async () => {
    composed = await startComposed();
    ({ browser, base, learner, admin } = composed);
  }, 180_000);

  afterAll(async () => {
    await composed?.close();
  });

  /** A minimal React devtools hook: every react-dom copy that starts calls inject() once. */
  async function countReactCopies(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      w['__verbaReactCopies'] = 0;
      w['__REACT_DEVTOOLS_GLOBAL_HOOK__'] = {
        supportsFiber: true,
        renderers: new Map(),
        inject() {
          w['__verbaReactCopies'] = (w['__verbaReactCopies'] as number) + 1;
          return w['__verbaReactCopies'];
        },
        onScheduleFiberRoot() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      };
    });
  }

  const signIn = (page: Page) => signInAs(page, base, learner, 'sign-in-light.png');

  const statusOf = (page: Page, key: string) =>
    page.locator(`.rd-text [data-key="${key}"]`).evaluateAll((els) => [...new Set(els.map((e) => e.className))]);

  it('signs in, opens a demo article, marks words with mouse and keyboard, and keeps the marks after a reload', async () => {
    const page = await browser.newPage();
    await countReactCopies(page);
    await signIn(page);

    await page.getByRole('link', { name: 'Read' }).click();
    const firstArticle = page.locator('a[href^="/app/library/"]').first();
    await firstArticle.waitFor();
    expect(await page.locator('a[href^="/app/library/"]').count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: path.join(SHOTS, 'library-light.png') });
    await firstArticle.click();
    await page.locator('.rd-text [data-key]').first().waitFor();

    // Mouse: click a word, then its Known button; every occurrence turns known at once.
    const words = page.locator('.rd-text [data-key]');
    const mouseKey = (await words.nth(0).getAttribute('data-key'))!;
    await words.nth(0).click();
    await page.getByRole('button', { name: /^Known/ }).click();
    expect(await statusOf(page, mouseKey)).toEqual(['w w--known']);

    // Keyboard: to the next different word, mark it uncertain with "u".
    await words.nth(0).focus();
    let keyboardKey = mouseKey;
    for (let i = 0; i < 10 && keyboardKey === mouseKey; i++) {
      await page.keyboard.press('ArrowRight');
      keyboardKey = (await page.evaluate(() => document.activeElement?.getAttribute('data-key'))) ?? mouseKey;
    }
    await page.keyboard.press('u');
    expect(await statusOf(page, keyboardKey)).toEqual(['w w--uncertain']);
    await page.screenshot({ path: path.join(SHOTS, 'reader-light.png') });

    // Let the marks reach the server (optimistic UI), then reload: they are still there.
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.locator('.rd-text [data-key]').first().waitFor();
    await expect.poll(() => statusOf(page, mouseKey)).toEqual(['w w--known']);
    expect(await statusOf(page, keyboardKey)).toEqual(['w w--uncertain']);

    // Exactly one React at runtime: each copy of react-dom registers itself with the devtools hook
    // that countReactCopies installed before any script ran; shell and fragment must share one.
    expect(await page.evaluate(() => (window as unknown as { __verbaReactCopies: number }).__verbaReactCopies)).toBe(1);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.screenshot({ path: path.join(SHOTS, 'reader-dark.png') });
    await page.goto(`${base}/app/library`);
    await page.locator('a[href^="/app/library/"]').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'library-dark.png') });
    await page.close();
  }, 120_000);

  /** Opens the newest dev-mailbox message to `email` with `subject` and follows its link. */
  async function followMailedLink(page: Page, email: string, subject: string): Promise<void> {
    await page.goto(`${base}/app/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mail = page.getByRole('article', { name: subject }).first();
    // The reactor sends after the fact: reload until the mail is there.
    for (let attempt = 0; ; attempt++) {
      const shown = await mail.waitFor({ timeout: 2000 }).then(() => true, () => false);
      if (shown) break;
      if (attempt === 5) throw new Error(`no "${subject}" mail for ${email}`);
      await page.reload();
    }
    await mail.locator('a').first().click();
  }

  it('signs up, verifies the emailed link, signs in and reaches the library', async () => {
    const page = await browser.newPage();
    const email = `new-${Date.now()}@example.org`;
    const password = 'a new password 42';
    await page.goto(`${base}/app/sign-up`);
    await page.getByRole('button', { name: 'Accept cookies' }).click();
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: /Sign up|Create account/ }).click();
    await page.waitForURL('**/app/verify-email?email=**');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'verify-email.png') });

    await followMailedLink(page, email, 'Confirm your email address for Verba');
    await page.waitForURL('**/app/verify-result?token=**');
    await page.getByText('Your email address is verified. You can sign in now.').waitFor();
    // The link is spent: opening it again says so.
    const spent = page.url();
    await page.goto(spent);
    await page.getByText('This link has already been used or replaced by a newer one.').waitFor();

    await page.goto(`${base}/app/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A new learner has not done the main onboarding yet.
    await page.waitForURL('**/app/onboarding**');
    await page.getByRole('link', { name: 'Read' }).click();
    await page.locator('a[href^="/app/library/"]').first().waitFor();
    await page.close();
  }, 60_000);

  it('resets a forgotten password through the emailed link and signs in with the new one', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/app/sign-in`);
    await page.getByRole('button', { name: 'Accept cookies' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/app/reset-password');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/We have sent a link to/).waitFor();

    await followMailedLink(page, admin.email, 'Reset your Verba password');
    await page.waitForURL('**/app/new-password?token=**');
    await page.locator('input[name="password"]').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The password is too weak.').waitFor();
    const fresh = 'a fresh admin secret 7';
    await page.locator('input[name="password"]').fill(fresh);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/app/reset-password/success');
    await page.getByText('Success, You have successfully updated your password.').waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(admin.email);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect email or password').waitFor();
    await page.locator('input[name="password"]').fill(fresh);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/(dashboard|onboarding)/);
    await page.close();
  }, 60_000);

  it('has no serious or critical accessibility violations on the sign-in page and in the reader', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/app/sign-in`);
    await page.getByRole('heading', { name: 'Sign in to Verba' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.screenshot({ path: path.join(SHOTS, 'sign-in-dark.png') });
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await signIn(page);
    await page.getByRole('link', { name: 'Read' }).click();
    await page.locator('a[href^="/app/library/"]').first().click();
    await page.locator('.rd-text [data-key]').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('sends a non-admin who opens /app/admin to the dashboard', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.goto(`${base}/app/admin/users`);
    await page.waitForURL('**/app/dashboard');
    await page.close();
  }, 60_000);

  it('shows a failed fragment in its own area while navigation keeps working', async () => {
    const page = await browser.newPage();
    // Before signing in: the dashboard's widgets already load the fragments' manifests.
    await page.route('**/fragments/learn/mf-manifest.json', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await signIn(page);
    // The dashboard's widget from the broken fragment fails in its own card; the page stands.
    await page.getByRole('region', { name: 'Next chapter' }).getByRole('alert').waitFor();
    await page.getByRole('link', { name: 'Learn' }).click();
    // The message stands in the Learn fragment's own area, not as a page-wide error.
    await page.locator('.sh-fragment:not([hidden]) [role="alert"]').filter({ hasText: /./ }).waitFor();
    await page.getByRole('link', { name: 'Read' }).click();
    await page.locator('a[href^="/app/library/"]').first().waitFor();
    await page.close();
  }, 60_000);
});
