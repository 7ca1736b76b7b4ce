import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, seriousA11yViolations, signIn, skipReason, startVerba, type Verba } from './support/verba';

/** Issue 38.4: "Mark the rest of this page as known" leaves the learner's own words alone, and can be undone. */
describe.skipIf(!!skipReason)(`safe bulk marking journey in Chromium ${skipReason}`, () => {
  let verba: Verba;

  beforeAll(async () => {
    verba = await startVerba();
  }, 180_000);

  afterAll(async () => verba?.stop());

  const classesOf = (page: Page, key: string) =>
    page.locator(`.rd-text [data-key="${key}"]`).evaluateAll((els) => [...new Set(els.map((e) => e.className))]);
  const count = async (page: Page, status: 'new' | 'known' | 'uncertain') =>
    Number(await page.locator(`.rd-count--${status} dd`).innerText());

  it('looks one word up, marks one Uncertain, marks the rest Known (those two stay), and Undo puts the rest back to New', async () => {
    const page = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, verba.base, verba.learner);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'verba_csrf')!.value;
    const created = await page.request.post(`${verba.base}/api/articles/create`, {
      headers: { 'x-verba-csrf': csrf },
      data: {
        languageCode: 'de',
        name: 'Im Zug nach Hamburg',
        category: 'Travel',
        generalDifficulty: 'A1',
        content: 'Der Zug fährt heute nach Hamburg. Im Zug sitzt eine Frau mit einem Buch. Sie liest und lacht.',
      },
    });
    expect(created.status()).toBe(201);
    const { article } = (await created.json()) as { article: { id: string } };
    const dictionary = async () =>
      (
        (await (await page.request.get(`${verba.base}/api/dictionary?languageCode=de`)).json()) as {
          words: Array<{ value: string; status: string }>;
        }
      ).words;

    await page.goto(`${verba.base}/app/library/${article.id}`);
    await page.locator('.rd-text [data-key="frau"]').first().waitFor();
    const before = { new: await count(page, 'new'), known: await count(page, 'known'), uncertain: await count(page, 'uncertain') };

    // Looked up: open in the word panel a moment (the reader records it for this article), left New.
    await page.locator('.rd-text [data-key="frau"]').first().click();
    await page.getByRole('complementary', { name: 'Selected word' }).getByText('Frau', { exact: true }).waitFor();
    const recorded = () =>
      page.evaluate(() =>
        Object.keys(sessionStorage).flatMap((k) => (k.startsWith('verba.reader.looked-up:') ? [sessionStorage.getItem(k)] : [])),
      );
    await expect.poll(recorded).toEqual([expect.stringContaining('"frau"')]);
    // Marked Uncertain on this page.
    await page.locator('.rd-text [data-key="buch"]').first().focus();
    await page.keyboard.press('u');
    expect(await classesOf(page, 'buch')).toEqual(['w w--uncertain']);

    const rest = before.new - 2;
    await page.getByRole('button', { name: 'Mark the rest of this page as known' }).click();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'marked Known' });
    await expect.poll(() => toast.locator('.vk-toast__title').innerText()).toBe(`${rest} words marked Known.`);
    // The two the learner touched stayed as they were; the rest is Known.
    expect(await classesOf(page, 'frau')).toEqual(['w w--new']);
    expect(await classesOf(page, 'buch')).toEqual(['w w--uncertain']);
    expect(await classesOf(page, 'zug')).toEqual(['w w--known']);
    expect(await classesOf(page, 'hamburg')).toEqual(['w w--known']);
    expect([await count(page, 'new'), await count(page, 'known')]).toEqual([1, before.known + rest]);
    await expect.poll(async () => (await dictionary()).filter((w) => w.status === 'known').length).toBe(rest);
    await page.screenshot({ path: path.join(SHOTS, 'reader-rest-marked-known.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await toast.getByRole('button', { name: 'Undo' }).click();
    // The page repaints at once: every word the bulk mark changed is New again; the learner's two are kept.
    expect(await classesOf(page, 'zug')).toEqual(['w w--new']);
    expect(await classesOf(page, 'hamburg')).toEqual(['w w--new']);
    expect(await classesOf(page, 'buch')).toEqual(['w w--uncertain']);
    expect([await count(page, 'new'), await count(page, 'known'), await count(page, 'uncertain')]).toEqual([
      before.new - 1,
      before.known,
      before.uncertain + 1,
    ]);
    await page.getByText(`${rest} words back to New.`).waitFor();
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    // The dictionary holds the Uncertain word alone: none of the undone words, and not the looked-up one.
    await expect.poll(dictionary).toEqual([{ value: 'buch', status: 'uncertain' }]);
    // The Uncertain mark's flashcard was made, the bulk mark and its Undo notwithstanding.
    expect(await page.getByText('The flashcard could not be added.').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'reader-rest-undone.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);
});
