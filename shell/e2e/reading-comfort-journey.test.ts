import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { lookAt, signIn, skipReason, startVerba, type Verba } from './support/verba';

/** Issue 38.7: reading comfort, the reader's "Text" options, kept in the learner's profile. */
const TEXT = [
  'Der Hund läuft jeden Morgen in den Wald. Er sucht dort Stöcke und bellt die Vögel an.',
  'Die Katze bleibt lieber zu Hause. Sie schläft auf dem warmen Sofa und wartet auf den Abend.',
  'Am Abend sitzen beide vor dem Haus und sehen die Sonne untergehen.',
].join('\n\n');

describe.skipIf(!!skipReason)(`reading comfort journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let page: Page;
  let articleUrl: string;
  const fontFiles: string[] = [];

  beforeAll(async () => {
    verba = await startVerba();
    page = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (request) => {
      if (/\.(woff2?|ttf)(\?|$)/.test(request.url())) fontFiles.push(request.url());
    });
    await signIn(page, verba.base, verba.learner);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'verba_csrf')!.value;
    const created = await page.request.post(`${verba.base}/api/articles/create`, {
      headers: { 'x-verba-csrf': csrf },
      data: { languageCode: 'de', name: 'Der Hund und die Katze', category: 'Travel', generalDifficulty: 'A1', content: TEXT },
    });
    expect(created.status()).toBe(201);
    const { article } = (await created.json()) as { article: { id: string } };
    articleUrl = `${verba.base}/app/library/${article.id}`;
  }, 180_000);

  afterAll(async () => verba?.stop());

  const text = () => page.locator('.rd-text');
  const textStyle = () =>
    text().evaluate((e) => {
      const s = getComputedStyle(e);
      return { fontSize: s.fontSize, lineHeight: s.lineHeight, fontFamily: s.fontFamily, background: s.backgroundColor, color: s.color };
    });
  const openText = async () => {
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Text' });
    await dialog.waitFor();
    return dialog;
  };
  const option = (dialog: ReturnType<Page['getByRole']>, group: string, name: string) =>
    dialog.getByRole('group', { name: group }).getByRole('radio', { name, exact: true });
  const SEPIA = { fontSize: '28px', lineHeight: '75.6px', background: 'rgb(245, 236, 215)', color: 'rgb(59, 47, 32)' };

  it('sets large text, wide spacing, OpenDyslexic and sepia: applied at once, the font fetched only then', async () => {
    await page.goto(articleUrl);
    await text().waitFor();
    expect(await textStyle()).toMatchObject({ fontSize: '19.2px', lineHeight: '36.48px' });
    const dialog = await openText();
    await option(dialog, 'Text size', 'Largest').check();
    await option(dialog, 'Line spacing', 'Wide').check();
    await option(dialog, 'Colours', 'Sepia').check();
    expect(fontFiles).toEqual([]);
    await option(dialog, 'Font', 'OpenDyslexic').check();
    // The font's own files, fetched now (their names are content hashes), and the text drawn in it.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'OpenDyslexic' && face.status === 'loaded'),
        ),
      )
      .toBe(true);
    expect(fontFiles.length).toBeGreaterThan(0);
    expect(await textStyle()).toMatchObject({ ...SEPIA, fontFamily: expect.stringMatching(/^OpenDyslexic,/) });
    await lookAt(page, 'reading-comfort-dialog');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/Text$/);
    await lookAt(page, 'reading-comfort-sepia');
  }, 60_000);

  it('keeps them after a reload (the profile holds them)', async () => {
    await page.waitForLoadState('networkidle');
    await page.reload();
    await text().waitFor();
    await expect.poll(() => textStyle()).toMatchObject({ ...SEPIA, fontFamily: expect.stringMatching(/^OpenDyslexic,/) });
    const dialog = await openText();
    for (const [group, name] of [
      ['Text size', 'Largest'],
      ['Line spacing', 'Wide'],
      ['Column width', 'Wide'],
      ['Font', 'OpenDyslexic'],
      ['Colours', 'Sepia'],
    ] as const) {
      expect(await option(dialog, group, name).isChecked(), `${group}: ${name}`).toBe(true);
    }
    await page.keyboard.press('Escape');
  }, 60_000);

  it('fits a 390px phone: the dialog inside the screen, the text in one column', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await text().waitFor();
    const dialog = await openText();
    const box = (await page.locator('.rd-comfort').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await lookAt(page, 'reading-comfort-phone-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await lookAt(page, 'reading-comfort-phone');
  }, 60_000);

  it('at 200% zoom (a 1280px window is 640 CSS pixels): one column, nothing overlaps, axe clean', async () => {
    await page.setViewportSize({ width: 640, height: 450 });
    await page.reload();
    await text().waitFor();
    // Narrow column and dark as well: the marked words keep their colours readable (axe checks contrast).
    const dialog = await openText();
    await option(dialog, 'Column width', 'Narrow').check();
    await option(dialog, 'Colours', 'Dark').check();
    await lookAt(page, 'reading-comfort-zoom-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(640);
    const boxes = await page.evaluate(() =>
      ['.rd-tools', '.rd-text', '.rd-footer'].map((sel) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      }),
    );
    const [tools, body, footer] = boxes as [(typeof boxes)[0], (typeof boxes)[0], (typeof boxes)[0]];
    expect(tools.bottom).toBeLessThanOrEqual(body.top);
    expect(body.bottom).toBeLessThanOrEqual(footer.top);
    expect(body.right).toBeLessThanOrEqual(640);
    await lookAt(page, 'reading-comfort-zoom');
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);
});
