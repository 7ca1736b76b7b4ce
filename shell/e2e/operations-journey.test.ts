import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { lookAt, signIn, skipReason, startVerba, type Verba } from './support/verba';

/**
 * The operations page (issue 45.4): an admin sees every projection with its lag and state, the relay, the log
 * and the workers, starts a rebuild from the page and watches it finish; on a phone too. A learner is refused,
 * by the page and by the API. The automatic backups (issue 44.4) show their last one.
 */
describe.skipIf(!!skipReason)(`operations page in Chromium ${skipReason}`, () => {
  let verba: Verba;
  const contexts: BrowserContext[] = [];
  const page = async (viewport = { width: 1280, height: 900 }, touch = false) => {
    const context = await verba.browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    // Backups every few seconds, so the page has one to show (the default is a day, the first a minute after start).
    verba = await startVerba({ env: { BACKUP_EVERY: '4s', BACKUP_KEEP: '3' } });
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await verba?.stop();
  });

  it('refuses a learner, on the page and in the API', async () => {
    const learner = await page();
    await signIn(learner, verba.base, verba.learner);
    // The shell never loads the admin fragment for a learner: the address leads back to the dashboard.
    await learner.goto(`${verba.base}/app/admin/operations`);
    await learner.waitForURL('**/app/dashboard');
    expect(await learner.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    const status = await learner.evaluate(async () => (await fetch('/api/admin/operations')).status);
    expect(status).toBe(403);
  }, 120_000);

  it('shows an admin every projection caught up, and a rebuild started from the page runs to done', async () => {
    const admin = await page();
    await signIn(admin, verba.base, verba.admin);
    await admin.getByRole('link', { name: 'Admin', exact: true }).click();
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Operations' }).click();
    await admin.getByRole('heading', { name: 'Operations' }).waitFor();
    const projections = admin.getByRole('region', { name: 'Projections', exact: true });
    const row = projections.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'library-articles', exact: true }) });
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toMatch(/Caught up/);
    // Nothing is being written: every projection is caught up (events of other types are not a projection's lag).
    await expect.poll(() => projections.getByText('Behind', { exact: true }).count(), { timeout: 20_000 }).toBe(0);
    await admin.getByRole('heading', { name: 'Event log' }).waitFor();
    // Read again every 5 s: the automatic backups' last one appears.
    const backups = admin.getByRole('region', { name: 'Backups', exact: true });
    await expect.poll(() => backups.innerText(), { timeout: 30_000 }).toMatch(/Last backup[\s\S]*verba-\d{8}T\d{9}Z\.backup\.gz/);
    expect(await backups.innerText()).toMatch(/of at most 3, one made every 4 s/);
    await lookAt(admin, 'operations-desktop');

    await row.getByRole('button', { name: 'Rebuild' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Rebuild library-articles?' });
    await confirm.getByRole('button', { name: 'Rebuild' }).click();
    // Read again by itself (every 5 s): the rebuild appears, then is done.
    const rebuilds = admin.getByRole('region', { name: 'Rebuilds', exact: true });
    await expect
      .poll(
        () =>
          rebuilds
            .getByRole('row')
            .filter({ hasText: 'library-articles' })
            .first()
            .innerText()
            .catch(() => ''),
        { timeout: 30_000 },
      )
      .toMatch(/Done/);
    await lookAt(admin, 'operations-rebuilt');
  }, 120_000);

  it('fits a phone: the tables scroll inside their own box, the page does not scroll sideways', async () => {
    const phone = await page({ width: 390, height: 844 }, true);
    await signIn(phone, verba.base, verba.admin);
    await phone.goto(`${verba.base}/app/admin/operations`);
    await phone.getByRole('region', { name: 'Projections', exact: true }).getByRole('row').nth(1).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await lookAt(phone, 'operations-phone');
  }, 120_000);
});
