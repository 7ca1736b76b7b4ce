import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PATHS, PUBLIC_PAGES } from '../src/routing/paths';
import { signIn, skipReason, startVerba, type Verba } from './support/verba';

/**
 * Every page of the shell and the fragments under the Content-Security-Policy the server sends: a page
 * that needs an inline script, eval or a foreign origin shows up as a violation and fails here (and in
 * every other journey, through the support module's watcher).
 */
describe.skipIf(!!skipReason)(`content security policy in Chromium ${skipReason}`, () => {
  let verba: Verba;

  beforeAll(async () => {
    verba = await startVerba();
  }, 180_000);
  afterAll(async () => verba?.stop());

  async function visit(page: Page, path: string): Promise<void> {
    const response = await page.goto(`${verba.base}${path}`, { waitUntil: 'networkidle' });
    expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self'/);
    await page.locator('main, [role="main"], h1').first().waitFor();
  }

  it('reports an inline script injected into a page as a violation (the watcher works)', async () => {
    const page = await verba.browser.newPage();
    await visit(page, '/faq');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(() => verba.cspViolations.length).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    verba.cspViolations.length = 0;
    await page.close();
  });

  it('loads every public, account and signed-in page, and the admin area, with no violation', async () => {
    const guest = await verba.browser.newPage();
    const open = [...Object.keys(PUBLIC_PAGES), PATHS.signIn, PATHS.signUp, PATHS.resetPassword, PATHS.devMailbox];
    for (const path of open) await visit(guest, path);
    await guest.close();

    const learner = await verba.browser.newPage();
    await signIn(learner, verba.base, verba.learner);
    const signedIn = [
      PATHS.dashboard,
      PATHS.library,
      PATHS.courses,
      PATHS.practice,
      PATHS.profile,
      PATHS.subscription,
      '/app/add-article',
      '/app/series',
    ];
    for (const path of signedIn) await visit(learner, path);
    await learner.goto(`${verba.base}${PATHS.library}`);
    await learner.locator('a[href^="/app/library/"]').first().click();
    await learner.locator('.rd-text [data-key]').first().waitFor();
    await learner.close();

    const admin = await verba.browser.newPage();
    await signIn(admin, verba.base, verba.admin, /\/app\/(dashboard|onboarding)/);
    await visit(admin, PATHS.admin);
    await admin.close();

    expect(verba.cspViolations).toEqual([]);
  }, 90_000); // about twenty pages in one browser: over the default 30 s on a slow shared host
});
