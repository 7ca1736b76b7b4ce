import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SHOTS, onboard, signIn, signUpVerified, skipReason, startVerba, type Account, type Verba } from './support/verba';
import { IPHONE, NARROWEST, PHONE, contrastRatio, overflowOf, settle } from './support/phone';

/**
 * Issue 36: every page fits a phone. Each learner route (spec §2 and shell/src/routing) is opened at 360 px and
 * must not scroll sideways or put anything past the screen's edge outside a scrolling container; a few key pages
 * at 320 px too. Sign-in (the cookie banner accepted by a tap) and checking out Master run on a 390x844 phone.
 */
describe.skipIf(!!skipReason)(`every page fits a phone, in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let guest: BrowserContext;
  let learner: BrowserContext;
  const fresh: Account = { email: `phone-${Date.now()}@example.org`, password: 'a phone secret 1' };
  /** Console errors (and uncaught page errors) per page URL of the guest context. */
  const consoleErrors: string[] = [];

  const phoneContext = (browser: Browser, size: { width: number; height: number } = PHONE) =>
    browser.newContext({ viewport: size, hasTouch: true });

  beforeAll(async () => {
    verba = await startVerba();
    guest = await phoneContext(verba.browser);
    guest.on('page', (page) => {
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${page.url()}: ${m.text()}`));
      page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
    });
    learner = await phoneContext(verba.browser);
  }, 180_000);

  afterAll(async () => {
    await guest?.close();
    await learner?.close();
    await verba?.stop();
  });

  /** Opens `route` (or stays when null) and expects nothing wider than the screen. */
  async function fits(page: Page, route: string | null, label = route ?? page.url()): Promise<void> {
    if (route !== null) await page.goto(`${verba.base}${route}`);
    await settle(page);
    const overflow = await overflowOf(page);
    expect.soft(overflow.offenders, `${label} at ${overflow.innerWidth} px`).toEqual([]);
    expect.soft(overflow.scrollWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(overflow.innerWidth);
  }

  it('fits every public and account page at 360 px, without console errors for a guest', async () => {
    const page = await guest.newPage();
    const routes = [
      '/',
      '/pricing',
      '/faq',
      '/learn-german',
      '/learn-french',
      '/learn-spanish',
      '/learn-russian',
      '/app/terms-and-conditions',
      '/app/privacy-policy',
      '/app/cookie-policy',
      '/app/support',
      '/app/support/contact-us',
      '/blog',
      '/blog/french-false-friends',
      '/app/sign-in',
      '/app/sign-up',
      '/app/reset-password',
      `/app/verify-email?email=${encodeURIComponent(fresh.email)}`,
      '/app/dev/mailbox',
    ];
    for (const route of routes) await fits(page, route);
    // The cookie banner is on screen whole, its buttons within reach; the password's Show button too.
    await page.goto(`${verba.base}/app/sign-in`);
    await settle(page);
    for (const name of ['Accept cookies', 'Decline', 'Show password']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
    }
    await page.screenshot({ path: path.join(SHOTS, 'phone-360-sign-in.png') });
    // A guest's public pages do not ask for a session in a way that fails (a 401 logs an error).
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, 180_000);

  it('signs up and onboards on a phone with a minimal header; the dashboard badge shows the level chosen (A2)', async () => {
    const page = await learner.newPage();
    await signUpVerified(page, verba.base, fresh);
    await fits(page, null, 'onboarding');
    // While onboarding: the brand and the account menu, not the app's sections.
    expect(await page.locator('nav[aria-label="Main"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'phone-360-onboarding.png') });
    await onboard(page, 'German', 'A2', 'Pia');
    await fits(page, null, 'dashboard of a new learner');
    const badge = page.locator('.sh-level-badge');
    await expect.poll(() => badge.locator('.sh-level-badge__code').textContent()).toBe('A2');
    expect(await badge.locator('.sh-level-badge__name').textContent()).toBe('Low Intermediate');
    await page.close();
  }, 180_000);

  it('fits every learner page at 360 px', async () => {
    const page = await learner.newPage();
    await learner.clearCookies();
    await signIn(page, verba.base, verba.learner);
    // Cards from a chapter, so the practice pages and the dashboard have something to show.
    await page.goto(`${verba.base}/app/courses`);
    await page
      .getByRole('link', { name: /^(Start learning|Continue)$/ })
      .first()
      .click();
    await page.waitForURL('**/app/courses/chapter/**');
    const chapter = new URL(page.url()).pathname;
    const add = page.getByRole('region', { name: 'Vocabulary' }).getByRole('button', { name: /as flashcards$/ });
    await add.click();
    await page.getByText(/from this chapter in your flashcards\.$/).waitFor();
    await page.goto(`${verba.base}/app/library`);
    await settle(page);
    const article = await page.locator('a[href^="/app/library/"]').first().getAttribute('href');

    const routes = [
      '/app/dashboard',
      '/app/courses',
      chapter,
      '/app/library',
      article!,
      '/app/my-articles',
      '/app/dictionary',
      '/app/add-article',
      '/app/series',
      '/app/create-series',
      '/app/practice-portal',
      '/app/practice-portal/flashcards',
      '/app/practice-portal/practice-flashcards',
      '/app/practice-portal/match-words',
      '/app/practice-portal/practice-match-words',
      '/app/practice-portal/quick-quiz',
      '/app/user-profile/user-info',
      '/app/user-profile/subscribe',
      '/app/forum',
      '/app/blog',
      '/app/blog/german-compound-words',
      '/app/onboarding/choose-new-language',
      '/app/no-such-page',
    ];
    for (const route of routes) await fits(page, route);
    await page.close();
  }, 300_000);

  it('gives the dashboard\'s "Review now" button text that stands out from its fill', async () => {
    const page = await learner.newPage();
    await page.goto(`${verba.base}/app/dashboard`);
    const review = page.getByRole('link', { name: 'Review now' });
    await review.waitFor();
    const [color, background] = await review.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    expect(contrastRatio(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
    await page.close();
  }, 60_000);

  it('fits the key pages at 320 px', async () => {
    const context = await phoneContext(verba.browser, NARROWEST);
    const page = await context.newPage();
    await signIn(page, verba.base, verba.learner);
    for (const route of [
      '/app/dashboard',
      '/app/library',
      '/app/practice-portal/flashcards',
      '/app/user-profile/subscribe',
      '/app/user-profile/user-info',
    ]) {
      await fits(page, route);
    }
    await page.screenshot({ path: path.join(SHOTS, 'phone-320-profile.png'), fullPage: true });
    await context.clearCookies();
    for (const route of ['/', '/app/sign-in', '/app/sign-up', '/pricing']) await fits(page, route);
    await context.close();
  }, 180_000);

  it('on a 390x844 phone: signs in after tapping Accept cookies and checks out Master offline', async () => {
    const context = await verba.browser.newContext({ viewport: IPHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `phone-390-${name}.png`) });
    await page.goto(`${verba.base}/app/sign-in`);
    await page.getByRole('heading', { name: 'Sign in to Verba' }).waitFor();
    await shot('sign-in');
    await page.getByRole('button', { name: 'Accept cookies' }).tap();
    await page.getByLabel('Email').fill(fresh.email);
    await page.locator('input[name="password"]').fill(fresh.password);
    await page.getByRole('button', { name: 'Show password' }).tap();
    await page.getByRole('button', { name: 'Sign in', exact: true }).tap();
    await page.waitForURL('**/app/dashboard');
    await settle(page);
    await shot('dashboard');

    // The header's menu opens the sections on a phone.
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await shot('menu-open');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Read' }).tap();
    await page.waitForURL('**/app/library');
    await settle(page);
    await shot('library');

    await page.goto(`${verba.base}/app/user-profile/user-info`);
    await settle(page);
    await shot('profile');

    await page.goto(`${verba.base}/app/user-profile/subscribe`);
    await settle(page);
    await shot('subscribe');
    const annual = page.getByRole('listitem', { name: 'Annual plan' });
    await annual.getByRole('button', { name: 'Choose annual' }).tap();
    await page.getByRole('heading', { name: /^Subscribe to Verba Master · Annual/ }).waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).tap();
    await page.waitForURL('**/app/user-profile/subscribe?checkout=success**');
    const notice = page.getByText('Thank you! Your payment went through.');
    await notice.waitFor();
    await page.locator('.bl-current__plan', { hasText: /^Master$/ }).waitFor({ timeout: 30_000 });
    // The notice follows the section header at the page's usual spacing, not below a blank band (once the page
    // has settled: on a loaded CI machine the measure once fell while the plan was still being read in).
    const gap = async () => {
      const header = (await page.locator('.vk-section-header').boundingBox())!;
      return (await notice.boundingBox())!.y - (header.y + header.height);
    };
    await expect.poll(gap, { timeout: 10_000 }).toBeLessThanOrEqual(32);
    await shot('subscribe-thank-you');
    await fits(page, null, 'subscribe after checkout');
    await context.close();
  }, 180_000);

  it('shows the flashcards page on a 390x844 phone', async () => {
    const context = await verba.browser.newContext({ viewport: IPHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, verba.base, verba.learner);
    await page.goto(`${verba.base}/app/practice-portal/flashcards`);
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, 'phone-390-flashcards.png') });
    await fits(page, null, 'flashcards at 390 px');
    await context.close();
  }, 60_000);
});
