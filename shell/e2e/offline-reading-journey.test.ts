import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { lookAt, onboard, signIn, signUpVerified, skipReason, startVerba, type Account, type Verba } from './support/verba';

/**
 * Issue 38.9, offline reading (this slice: reading offline; queued writes come next): the service worker
 * keeps the app, the fragments and the articles a learner opened with their word statuses and meanings,
 * and never serves one learner's texts to another.
 */
describe.skipIf(!!skipReason)(`offline reading journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let learner: Account;
  const other: Account = { email: `offline-${Date.now()}@example.org`, password: 'second secret 4u' };

  beforeAll(async () => {
    verba = await startVerba();
    learner = verba.learner;
    // A second learner, registered and onboarded in a browser of their own.
    const context = await verba.browser.newContext();
    const page = await context.newPage();
    await signUpVerified(page, verba.base, other);
    await onboard(page, 'German', 'A1', 'Ola');
    await context.close();
  }, 240_000);

  afterAll(async () => verba?.stop());

  /** The service worker answers for this page (it claims open pages once it is active). */
  const controlled = async (page: Page) => {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  };
  const learnerCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('verba-api-')));
  const statusOf = (page: Page, key: string) =>
    page.locator(`.rd-text [data-key="${key}"]`).evaluateAll((els) => [...new Set(els.map((e) => e.className))]);

  it('reads an article opened before offline with its word colours and meanings, says when one is not kept, and keeps nothing for the next learner', async () => {
    const context = await verba.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { base } = verba;
    await signIn(page, base, learner);
    await controlled(page);

    // Two articles of the library: the first is opened, the second never is.
    await page.goto(`${base}/app/library`);
    const links = page.locator('a[href^="/app/library/"]');
    await links.nth(1).waitFor();
    const [opened, neverOpened] = [(await links.nth(0).getAttribute('href'))!, (await links.nth(1).getAttribute('href'))!];
    expect(opened).not.toBe(neverOpened);

    // Online: open it (a page load the worker answers), mark a word Known and type a meaning for another.
    await page.goto(`${base}${opened}`);
    const words = page.locator('.rd-text [data-key]');
    await words.first().waitFor();
    const knownKey = (await words.nth(0).getAttribute('data-key'))!;
    await words.nth(0).click();
    await page.getByRole('button', { name: /^Known/ }).click();
    expect(await statusOf(page, knownKey)).toEqual(['w w--known']);
    let meantIndex = 1;
    while ((await words.nth(meantIndex).getAttribute('data-key')) === knownKey) meantIndex++;
    const meantKey = (await words.nth(meantIndex).getAttribute('data-key'))!;
    const meantText = (await words.nth(meantIndex).innerText()).trim();
    await words.nth(meantIndex).click();
    await page.locator('.rd-panel__word', { hasText: meantText }).waitFor();
    await page.getByRole('button', { name: 'Type your own meaning' }).click();
    await page.getByLabel(`Your meaning of “${meantText}”`).fill('kept for the train');
    await page.getByRole('button', { name: 'Save meaning' }).click();
    await page.locator('.rd-own-meaning__text', { hasText: 'kept for the train' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Read once more online, at the server's newest position, so what is kept has the mark and the meaning.
    await page.reload();
    await words.first().waitFor();
    await expect.poll(() => statusOf(page, knownKey)).toEqual(['w w--known']);
    await page.waitForLoadState('networkidle');
    const firstLearnerCaches = await learnerCaches(page);
    expect(firstLearnerCaches).toHaveLength(1);

    // Offline: the article opens again from what was kept, with its colours, and the word's meaning is there.
    await context.setOffline(true);
    await page.reload();
    await words.first().waitFor();
    expect(await statusOf(page, knownKey)).toEqual(['w w--known']);
    await page.locator(`.rd-text [data-key="${meantKey}"]`).first().click();
    await page.locator('.rd-panel__word', { hasText: meantText }).waitFor();
    await page.locator('.rd-own-meaning__text', { hasText: 'kept for the train' }).waitFor();
    await lookAt(page, 'offline-reader-kept');

    // An article never opened says so, instead of a blank page or a spinner.
    await page.goto(`${base}${neverOpened}`);
    await page.getByText('This article could not be loaded.').waitFor({ timeout: 15_000 });
    await page.getByText('This article is not available offline: open it once while online to read it without a connection.').waitFor();
    await lookAt(page, 'offline-reader-not-kept');

    // Back online, the learner signs out: what was kept for them is gone.
    await context.setOffline(false);
    await page.goto(`${base}/app/dashboard`);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sign-in');
    expect(await learnerCaches(page)).toEqual([]);

    // Another learner signs in on the same browser; offline, the first learner's article is not served.
    await signIn(page, base, other);
    await controlled(page);
    await page.reload(); // who is signed in, kept for this learner
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.goto(`${base}${opened}`);
    await page.getByText('This article is not available offline: open it once while online to read it without a connection.').waitFor({
      timeout: 15_000,
    });
    expect(await page.locator('.rd-text [data-key]').count()).toBe(0);
    const kept = await learnerCaches(page);
    expect(kept).toHaveLength(1);
    expect(kept).not.toContain(firstLearnerCaches[0]);
    await lookAt(page, 'offline-other-learner');
    await context.setOffline(false);
    await context.close();
  }, 180_000);
});
