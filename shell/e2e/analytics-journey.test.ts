import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, signIn, skipReason, startVerba, type Verba } from './support/verba';

/**
 * Analytics from the log, in Chromium: the demo learner reads an article (the reader sends the read and,
 * on leaving, the time spent), then the admin's three analytics pages show that history with charts.
 */
describe.skipIf(!!skipReason)(`analytics journey in Chromium ${skipReason}`, () => {
  let verba: Verba;

  beforeAll(async () => {
    verba = await startVerba();
  }, 180_000);
  afterAll(async () => verba?.stop());

  /** The cells of the table row whose first cell is `first`. */
  const row = async (page: Page, first: string) => {
    const r = page.locator('.an-table tbody tr', { has: page.locator('td:first-child', { hasText: first }) }).first();
    await r.waitFor();
    return r.locator('td').allInnerTexts();
  };

  it('a learner reads; the reader sends PATCH /api/user/time; the admin sees the read, the learner and the time', async () => {
    const learner = await verba.browser.newPage();
    await signIn(learner, verba.base, verba.learner);
    await learner.goto(`${verba.base}/app/library`);
    const article = learner.locator('a[href^="/app/library/"]').first();
    await article.waitFor();
    await article.click();
    await learner.locator('.rd-text').first().waitFor();
    await learner.waitForTimeout(2500);
    // Leaving the reader sends the visible seconds that are left.
    const time = learner.waitForRequest((r) => r.url().endsWith('/api/user/time') && r.method() === 'PATCH');
    await learner.getByRole('link', { name: 'Read' }).first().click();
    const sent = JSON.parse((await time).postData() ?? '{}') as { seconds: number; languageCode: string };
    expect(sent.seconds).toBeGreaterThanOrEqual(2);
    expect(sent.languageCode).toBe('de');

    const admin = await (await verba.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(admin, verba.base, verba.admin, /\/app\/(dashboard|onboarding)/);
    await admin.goto(`${verba.base}/app/admin/analytics/language-analytics`);
    await admin.getByRole('heading', { name: 'Language analytics' }).waitFor();
    // The projection follows the log: read again until the read is in.
    for (let i = 0; ; i++) {
      const german = await row(admin, 'German');
      if (Number(german[5]) >= 1) {
        // Users, premium, active, new, reads ... as the columns are ordered.
        expect(Number(german[1])).toBeGreaterThanOrEqual(1);
        expect(Number(german[3])).toBeGreaterThanOrEqual(1);
        expect(Number(german[6])).toBeGreaterThanOrEqual(1);
        break;
      }
      if (i > 20) throw new Error(`the read never reached language analytics: ${german.join(' | ')}`);
      await admin.waitForTimeout(500);
      await admin.reload();
    }
    expect(await admin.locator('.an-chart .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await admin.screenshot({ path: path.join(SHOTS, 'admin-language-analytics.png'), fullPage: true });

    await admin.getByRole('link', { name: 'User analytics' }).click();
    await admin.getByRole('heading', { name: 'User analytics' }).waitFor();
    await admin.locator('.an-table tbody tr').first().waitFor();
    const cells = await admin.locator('.an-table tbody tr').first().locator('td').allInnerTexts(); // latest activity first
    expect(cells[1]).toBe('German');
    expect(Number(cells[4])).toBeGreaterThanOrEqual(1); // reads
    expect(cells[9]).toBe(new Date().toISOString().slice(0, 10)); // last activity: today
    await admin.screenshot({ path: path.join(SHOTS, 'admin-user-analytics.png'), fullPage: true });

    await admin.getByRole('link', { name: 'Historical analytics' }).click();
    await admin.getByRole('heading', { name: 'Historical analytics' }).waitFor();
    const today = await row(admin, new Date().toISOString().slice(0, 10));
    expect(Number(today[1])).toBeGreaterThanOrEqual(1); // active today
    expect(Number(today[6])).toBeGreaterThanOrEqual(1); // reads today
    expect(await admin.locator('.an-chart .recharts-line-curve').count()).toBeGreaterThanOrEqual(5);
    await admin.getByLabel('Language').selectOption('fr');
    await admin.waitForTimeout(500);
    expect(Number((await row(admin, new Date().toISOString().slice(0, 10)))[6])).toBe(0); // nobody read French
    await admin.getByLabel('Language').selectOption('');
    await admin.screenshot({ path: path.join(SHOTS, 'admin-historical-analytics.png'), fullPage: true });

    // Sorting a column and the CSV download.
    await admin.getByRole('button', { name: /^Reads/ }).click();
    expect(await admin.getByRole('columnheader', { name: /^Reads/ }).getAttribute('aria-sort')).toBe('ascending');
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^historical-analytics-.*\.csv$/);
  }, 180_000);
});
