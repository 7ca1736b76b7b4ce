import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SHOTS, onboard, seriousA11yViolations, signUpVerified, skipReason, startVerba, type Account, type Verba } from './support/verba';

/**
 * Master end to end, offline: a free learner in an eur country (a German browser) buys the annual plan on
 * /pricing through the local Stripe stand-in's checkout, comes back as Master (the premium chapter opens,
 * text to speech goes past the free 50 calls), cancels in the portal, and is Free again once the paid
 * period ends: the stand-in's test clock (STRIPE_STANDIN_TEST_CLOCK) is moved past the period's end, and
 * Stripe's `customer.subscription.deleted` webhook ends Master.
 */
describe.skipIf(!!skipReason)(`billing journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let context: BrowserContext;
  let page: Page;
  let standIn = '';
  const learner: Account = { email: `master-${Date.now()}@example.org`, password: 'a paying secret 1' };

  beforeAll(async () => {
    verba = await startVerba({ env: { STRIPE_STANDIN_TEST_CLOCK: 'true' } });
    context = await verba.browser.newContext({ locale: 'de-DE' });
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await verba?.stop();
  });

  const plan = (name: 'Master' | 'Free') => page.locator('.bl-current__plan', { hasText: new RegExp(`^${name}$`) });
  const subscription = async () => (await page.request.get(`${verba.base}/api/premium/subscription-data`)).json();
  const upgradeLinks = async () => {
    await page.goto(`${verba.base}/app/courses`);
    await page.getByRole('heading', { name: 'Deutsch mit Verba' }).waitFor();
    return page.getByRole('link', { name: 'Upgrade to read' }).count();
  };

  it('shows euro prices on /pricing and subscribes to the annual plan through the local checkout', async () => {
    await signUpVerified(page, verba.base, learner);
    await onboard(page, 'German', 'A2', 'Mia');
    expect(await upgradeLinks()).toBe(1);

    await page.goto(`${verba.base}/pricing`);
    await page.getByRole('heading', { name: 'Verba Master' }).waitFor();
    const annual = page.getByRole('listitem', { name: 'Annual plan' });
    await annual.getByText('€6.99 / month').waitFor();
    await annual.getByText('€83.88 billed every year').waitFor();
    await annual.getByText('Save 22%').waitFor();
    await page.getByRole('listitem', { name: 'Monthly plan' }).getByText('€8.99 / month').waitFor();
    await page.getByRole('listitem', { name: 'Two years plan' }).getByText('€5.99 / month').waitFor();
    expect(await page.getByLabel('Currency').inputValue()).toBe('eur');
    await page.screenshot({ path: path.join(SHOTS, 'pricing-eur.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await annual.getByRole('button', { name: 'Choose annual' }).click();
    await page.getByRole('heading', { name: 'Subscribe to Verba Master · Annual' }).waitFor();
    standIn = new URL(page.url()).origin;
    expect(standIn).not.toBe(verba.base);
    await page.getByText('€83.88 per year').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'stripe-standin-checkout.png'), fullPage: true });
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await page.waitForURL('**/app/user-profile/subscribe?checkout=success**');
    await page.getByText('Thank you! Your payment went through.').waitFor();
    await plan('Master').waitFor({ timeout: 30_000 });
    await page.getByText('Annual · €83.88 per year').waitFor();
    await page.getByText(/^Renews on /).waitFor();
    await page.getByRole('cell', { name: '€83.88' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'subscribe-master.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 120_000);

  it('opens the premium chapter and speaks past the free 50 calls as Master', async () => {
    expect(await upgradeLinks()).toBe(0);
    await page.getByRole('link', { name: 'Der Garten der Nachbarin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Der Garten der Nachbarin' }).waitFor();

    const csrf = (await context.cookies()).find((c) => c.name === 'verba_csrf')!.value;
    for (let i = 0; i < 55; i++) {
      const res = await page.request.post(`${verba.base}/api/tts`, {
        headers: { 'x-verba-csrf': csrf },
        data: { text: `Satz Nummer ${i}`, voiceId: 'Marlene' },
      });
      expect(res.status(), `call ${i + 1}`).toBe(200);
    }
  }, 120_000);

  it('cancels in the portal, keeps Master until the period ends, and is Free after it', async () => {
    await page.goto(`${verba.base}/app/user-profile/subscribe`);
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.getByRole('heading', { name: 'Manage your subscription' }).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(/^Cancelled: ends on /).waitFor();
    await page.getByRole('link', { name: '← Return to Verba' }).click();
    await page.waitForURL('**/app/user-profile/subscribe');
    await expect.poll(async () => (await subscription()).stripeSubscription.cancelAtPeriodEnd, { timeout: 15_000 }).toBe(true);
    await page.reload();
    await plan('Master').waitFor();
    await page.getByText(/^Cancelled: you keep Master until /).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'subscribe-cancelled.png'), fullPage: true });

    // The fake clock: the stand-in's test clock moves past the paid period's end.
    const { currentPeriodEnd } = (await subscription()).stripeSubscription;
    const moved = await fetch(`${standIn}/v1/test_helpers/test_clocks/clock_standin/advance`, {
      method: 'POST',
      body: new URLSearchParams({ frozen_time: String(Math.floor(currentPeriodEnd / 1000) + 60) }),
    });
    expect(moved.status).toBe(200);
    await expect.poll(async () => (await subscription()).subscription, { timeout: 20_000 }).toBe('free');
    await page.reload();
    await plan('Free').waitFor();
    await page.getByText(/^Your Master subscription ended on /).waitFor();
    await page.getByRole('heading', { name: 'Upgrade to Master' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'subscribe-free-again.png'), fullPage: true });
    expect(await upgradeLinks()).toBe(1);
  }, 120_000);
});
