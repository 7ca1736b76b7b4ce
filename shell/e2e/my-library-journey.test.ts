import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, seriousA11yViolations, signIn, skipReason, startVerba, type Verba } from './support/verba';

const ARTICLE = 'Das unsichtbare Netz unter dem Waldboden'; // a demo article of two pages
/** "wortaaa", "wortaab", …: made-up words (digits are not words), sorted as generated. */
const made = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `wort${String.fromCharCode(97 + Math.floor(i / 676), 97 + (Math.floor(i / 26) % 26), 97 + (i % 26))}`,
  );

describe.skipIf(!!skipReason)(`my library journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let page: Page;
  const dialogs: string[] = [];

  beforeAll(async () => {
    verba = await startVerba();
    page = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, verba.base, verba.learner);
  }, 180_000);

  afterAll(async () => verba?.stop());

  /** From the top: a full-page shot of a scrolled page draws the sticky header in the middle. */
  const shot = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
  };
  const levelRegion = () => page.getByRole('region', { name: 'Level hint' });
  const levelShown = () => levelRegion().locator('dd').nth(2).innerText();
  const counted = async () =>
    Number(/^([\d,]+) words? counted/.exec(await levelRegion().getByRole('status').innerText())![1]!.replace(/,/g, ''));

  it('rates an article and flags it for review with a reason; the library shows the average and the read', async () => {
    await page.goto(`${verba.base}/app/library`);
    await page.getByRole('link', { name: ARTICLE }).click();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByText('No ratings yet').waitFor();

    await page.getByRole('button', { name: 'Rate 4 out of 5' }).click();
    await page.getByText('Your rating: 4 of 5 · Average 4.0 from 1 rating').waitFor();
    expect(await page.getByRole('button', { name: 'Rate 4 out of 5' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Flag for review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flag this article for review' });
    await dialog.getByRole('button', { name: 'Send flag' }).click();
    await dialog.getByRole('alert').getByText('A reason is required').waitFor();
    await dialog.getByLabel(/^Reason/).fill('The level says B2, but the text reads like C1.');
    await page.waitForTimeout(250); // the dialog's fade-in, for the screenshot
    await shot('my-library-flag-dialog.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const flagged = page.waitForResponse((r) => r.url().endsWith('/api/articles/add-flagged'));
    await dialog.getByRole('button', { name: 'Send flag' }).click();
    expect((await flagged).status()).toBe(200);
    await page.getByText('Thank you: the article was flagged for review').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await shot('my-library-rated.png');

    // The library: the article among the recently read, and its card with the average and its one reader.
    await page.getByRole('link', { name: '← Library' }).click();
    const recent = page.getByRole('region', { name: 'Recently read' });
    await recent.getByRole('link', { name: ARTICLE }).waitFor();
    await page.getByRole('button', { name: 'Cards' }).click();
    const card = page.locator('.rd-card').filter({ has: page.getByRole('link', { name: ARTICLE }) });
    await card.getByText('Rated 4.0 (1) · 1 reader').waitFor();
    await shot('my-library-cards.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Table' }).click();
    expect(dialogs).toEqual([]);
  }, 90_000);

  it('finds the learner’s own articles in My articles and deletes a private one after confirming', async () => {
    for (const [title, text] of [
      ['Mein Tagebuch', 'Heute war ich im Park. Die Sonne schien.'],
      ['Meine Notizen', 'Brot, Milch und Käse kaufen.'],
    ]) {
      await page.goto(`${verba.base}/app/add-article`);
      await page.getByLabel(/^Title/).fill(title!);
      await page.getByLabel(/^Text/).fill(text!);
      await page.getByRole('button', { name: 'Add article' }).click();
      await page.getByRole('heading', { name: title }).waitFor();
    }

    await page.goto(`${verba.base}/app/library`);
    await page.getByRole('link', { name: 'My articles' }).click();
    await page.getByRole('heading', { name: 'My articles' }).waitFor();
    const rows = page.locator('.rd-table tbody tr');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Meine Notizen[\s\S]*Private[\s\S]*German/),
        expect.stringMatching(/^Mein Tagebuch[\s\S]*Private[\s\S]*German/),
      ]);
    await shot('my-library-my-articles.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Delete “Meine Notizen”' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Meine Notizen”?' });
    await page.waitForTimeout(250);
    await shot('my-library-delete-dialog.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const deleted = page.waitForResponse((r) => r.url().includes('/api/articles/private/delete'));
    await confirm.getByRole('button', { name: 'Delete article' }).click();
    expect((await deleted).status()).toBe(200);
    // Checked with the toast on screen: its list is a live region and stays a list of items (axe's "list" rule).
    const deletedToast = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: '“Meine Notizen” was deleted' });
    await deletedToast.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'my-library-deleted-toast.png') }); // the viewport: quick, the toast lasts 3 s
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await deletedToast.isVisible(), 'the toast was still on screen while axe ran').toBe(true);
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringMatching(/^Mein Tagebuch/)]);
    expect(dialogs).toEqual([]);
  }, 90_000);

  it('opens My words and sees the level hint change after marking words in bulk', async () => {
    await page.goto(`${verba.base}/app/library`);
    await page.getByRole('link', { name: 'My words' }).click();
    await page.getByRole('heading', { name: 'My words' }).waitFor();
    await levelRegion().getByRole('status').waitFor();

    // A pasted list brings the dictionary to 795 words: A1, 5 short of A2.
    const missing = 795 - (await counted());
    const list = made(missing);
    await page
      .getByLabel('German words, separated by commas, semicolons or new lines')
      .fill(`${list.slice(0, 3).join(', ')}; ${list.slice(3, 6).join(';')}\n${list.slice(6).join('\n')}`);
    await page.getByText(`${missing} words to add`).waitFor();
    await page.getByRole('button', { name: 'Add words' }).click();
    await page.getByText(`${missing} words added as Known`).waitFor();
    await expect.poll(counted).toBe(795);
    expect(await levelShown()).toBe('A1');
    expect(await levelRegion().getByRole('status').innerText()).toBe(
      '795 words counted (Known and Uncertain). 5 more words for A2 (800 words).',
    );
    await shot('my-library-my-words-a1.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Bulk mark in the reader: the rest of the page's words become Known in one PATCH.
    await page.goto(`${verba.base}/app/library`);
    await page.getByRole('link', { name: ARTICLE }).first().click();
    await page.getByText('Page 1 of 2').waitFor();
    const patch = page.waitForResponse((r) => r.url().endsWith('/api/dictionary') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Mark the rest of this page as known' }).click();
    expect((await patch).status()).toBe(200);
    await page.getByText('Page 2 of 2').waitFor();
    // The library's "Recently read" says how far the learner got: on the last page, the article is finished.
    await page.getByRole('link', { name: '← Library' }).click();
    await page
      .getByRole('region', { name: 'Recently read' })
      .getByRole('listitem')
      .filter({ hasText: ARTICLE })
      .getByText(/· Finished$/)
      .waitFor();
    await shot('my-library-recently-read.png');

    await page.goto(`${verba.base}/app/dictionary`);
    await expect.poll(levelShown).toBe('A2');
    const total = await counted();
    expect(total).toBeGreaterThanOrEqual(800);
    expect(await levelRegion().getByRole('status').innerText()).toBe(
      `${total} words counted (Known and Uncertain). ${(2000 - total).toLocaleString('en')} more words for B1 (2,000 words).`,
    );
    await shot('my-library-my-words-a2.png');

    // Bulk mark in My words: the first 200 made-up words shown for "worta" go back to New, and the hint follows
    // (the page's new words were far fewer than 205, so the dictionary falls below 800 again).
    expect(total - 200).toBeLessThan(800);
    await page.getByLabel('Search').fill('worta');
    await page.getByText(`Showing 200 of ${list.filter((w) => w.startsWith('worta')).length} words: search to narrow them down.`).waitFor();
    await page.getByLabel('Select all shown words').check();
    await page.getByText('200 words selected').waitFor();
    await page.getByRole('button', { name: 'Mark New' }).click();
    await page.getByText('200 words marked New').waitFor();
    await expect.poll(counted).toBe(total - 200);
    expect(await levelShown()).toBe('A1');
    await shot('my-library-my-words-bulk.png');

    // One word's status, and the status filter.
    const uncertain = () => levelRegion().locator('dd').nth(1).innerText();
    const uncertainBefore = Number(await uncertain());
    await page.getByLabel('Search').fill(list[300]!);
    await page.getByLabel(`Status of ${list[300]}`).selectOption('uncertain');
    await expect.poll(async () => Number(await uncertain())).toBe(uncertainBefore + 1);
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Status', { exact: true }).selectOption('uncertain');
    await expect
      .poll(() => page.locator('.rd-words tbody tr').allInnerTexts())
      .toEqual(Array.from({ length: uncertainBefore + 1 }, () => expect.any(String)));
    expect(await page.locator('.rd-words tbody tr').allInnerTexts()).toContainEqual(expect.stringContaining(list[300]!));
    await shot('my-library-my-words-filtered.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(dialogs).toEqual([]);
  }, 120_000);
});
