import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, seriousA11yViolations, signIn, skipReason, startVerba, type Verba } from './support/verba';

/** Issue 38.1: Ignored, the fourth word status, for names, numbers and foreign words. */
describe.skipIf(!!skipReason)(`ignored words journey in Chromium ${skipReason}`, () => {
  let verba: Verba;

  beforeAll(async () => {
    verba = await startVerba();
  }, 180_000);

  afterAll(async () => verba?.stop());

  const classesOf = (page: Page, key: string) =>
    page.locator(`.rd-text [data-key="${key}"]`).evaluateAll((els) => [...new Set(els.map((e) => e.className))]);
  const newCount = async (page: Page) => Number(await page.locator('.rd-count--new dd').innerText());

  it('presses I on a name: it is painted as plain text, leaves the new-word count, stays Ignored after a reload and is listed as Ignored in My words', async () => {
    const page = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, verba.base, verba.learner);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'verba_csrf')!.value;
    const created = await page.request.post(`${verba.base}/api/articles/create`, {
      headers: { 'x-verba-csrf': csrf },
      data: {
        languageCode: 'de',
        name: 'Herr Krüger in Leipzig',
        category: 'Travel',
        generalDifficulty: 'A1',
        content: 'Herr Krüger wohnt in Leipzig. Am Sonntag fährt Krüger mit dem Zug nach Dresden. Der Zug ist voll.',
      },
    });
    expect(created.status()).toBe(201);
    const { article } = (await created.json()) as { article: { id: string } };

    await page.goto(`${verba.base}/app/library/${article.id}`);
    const krueger = page.locator('.rd-text [data-key="krüger"]');
    await krueger.first().waitFor();
    expect(await classesOf(page, 'krüger')).toEqual(['w w--new']);
    const before = await newCount(page);
    const counted = () => page.locator('.rd-count--known dd, .rd-count--uncertain dd').allInnerTexts();
    const knownAndUncertain = await counted();

    await krueger.first().focus();
    await page.keyboard.press('i');
    // Every occurrence at once, as plain text: no highlight behind it.
    expect(await classesOf(page, 'krüger')).toEqual(['w w--ignored']);
    expect(await krueger.first().evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    expect(
      await page
        .locator('.rd-text [data-key="leipzig"]')
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor),
    ).not.toBe('rgba(0, 0, 0, 0)');
    // Not a new word any more, and not counted as known or uncertain either.
    expect(await newCount(page)).toBe(before - 1);
    expect(await counted()).toEqual(knownAndUncertain);
    // The panel says which status is set.
    const ignored = page.getByRole('group', { name: 'Mark word as' }).getByRole('button', { name: 'Ignored' });
    expect(await ignored.getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: path.join(SHOTS, 'reader-ignored-word.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The panel's button marks another name; the mark is kept after a reload.
    await page.locator('.rd-text [data-key="dresden"]').first().click();
    await ignored.click();
    expect(await classesOf(page, 'dresden')).toEqual(['w w--ignored']);
    expect(await newCount(page)).toBe(before - 2);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await krueger.first().waitFor();
    await expect.poll(() => classesOf(page, 'krüger')).toEqual(['w w--ignored']);
    expect(await classesOf(page, 'dresden')).toEqual(['w w--ignored']);
    expect(await newCount(page)).toBe(before - 2);
    // A word marked Known beside them: the dictionary's counts show it, and not the Ignored two.
    await page.locator('.rd-text [data-key="zug"]').first().focus();
    await page.keyboard.press('k');
    expect(await classesOf(page, 'zug')).toEqual(['w w--known']);
    await page.waitForLoadState('networkidle');

    // My words lists them under Ignored; the counts and the level hint leave them out.
    await page.goto(`${verba.base}/app/dictionary`);
    const level = page.getByRole('region', { name: 'Level hint' });
    await expect.poll(() => level.getByRole('status').innerText()).toMatch(/^1 word counted \(Known and Uncertain\)/);
    await page.getByLabel('Status', { exact: true }).selectOption('ignored');
    await expect
      .poll(() => page.locator('.rd-words tbody tr td[lang]').allInnerTexts())
      .toEqual(expect.arrayContaining(['dresden', 'krüger']));
    expect(await page.getByLabel('Status of krüger').inputValue()).toBe('ignored');
    await page.screenshot({ path: path.join(SHOTS, 'dictionary-ignored-words.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);
});
