import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, look, onboard, seriousA11yViolations, signUpVerified, skipReason, startVerba, type Verba } from './support/verba';

/**
 * Issue 38.8 in the composed product: a learner whose browser runs in California has their days counted
 * there. The dashboard they land on after onboarding saves the browser's zone; the profile shows it in its
 * "Time zone" select, where the learner can change it.
 */
describe.skipIf(!!skipReason)(`time zone journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  beforeAll(async () => {
    verba = await startVerba();
  }, 180_000);
  afterAll(async () => verba?.stop());

  it("takes the learner's time zone from the browser and lets the profile change it", async () => {
    const context = await verba.browser.newContext({ timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    const who = { email: `zone-${Date.now()}@example.org`, password: 'a pacific secret 7' };
    await signUpVerified(page, verba.base, who);
    await onboard(page, 'German', 'A2', 'Paz');

    // The dashboard reads the figures; a learner without a zone has the browser's saved meanwhile.
    await page.getByRole('heading', { name: 'Your progress' }).waitFor();
    const zone = () => page.evaluate(async () => (await (await fetch('/api/user/profile')).json()).settings.timeZone as string | undefined);
    await expect.poll(zone, { timeout: 10_000 }).toBe('America/Los_Angeles');
    await look(page, 'time-zone-dashboard');

    await page.goto(`${verba.base}/app/user-profile/user-info`);
    const select = page.getByRole('combobox', { name: 'Time zone' });
    await expect.poll(() => select.inputValue()).toBe('America/Los_Angeles');
    expect(await select.locator('option:checked').textContent()).toBe('America/Los Angeles (this device)');
    await page.getByText('Your streak, “today” and your daily figures count days in this time zone.').waitFor();
    await page.getByRole('region', { name: 'Settings' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'time-zone-profile.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The learner moves: the select saves the new zone, and a reload reads it back.
    await select.selectOption('Asia/Tokyo');
    await expect.poll(zone).toBe('Asia/Tokyo');
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Asia/Tokyo');
    await context.close();
  }, 120_000);
});
