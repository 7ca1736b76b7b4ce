import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, seriousA11yViolations, signIn, signUpVerified, skipReason, startVerba, type Account, type Verba } from './support/verba';

/**
 * Issue 21 in the composed product: a learner adds a chapter's vocabulary as flashcards from the chapter and
 * finds exactly those cards in the card list, filtered by where they came from; the reader says how many free
 * pronunciations are left; and a fresh learner who reloads the onboarding mid-way (or opens a step in a new
 * tab) lands on the same step with the answers kept.
 */
describe.skipIf(!!skipReason)(`learner practice journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  const fresh: Account = { email: `onboarding-${Date.now()}@example.org`, password: 'an onboarding secret 1' };

  beforeAll(async () => {
    verba = await startVerba();
  }, 180_000);

  afterAll(async () => {
    await verba?.stop();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name), fullPage: true });

  it("adds a chapter's words as cards from the chapter and finds them in the card list filtered by that chapter", async () => {
    const page = await verba.browser.newPage();
    await signIn(page, verba.base, verba.learner);
    await page.getByRole('link', { name: 'Learn' }).click();
    await page
      .getByRole('link', { name: /^(Start learning|Continue)$/ })
      .first()
      .click();
    // The chapter's page, not the course list still showing while it loads.
    const vocabulary = page.getByRole('region', { name: 'Vocabulary' });
    await vocabulary.locator('.ln-vocabulary tbody tr').first().waitFor();
    const title = (await page.getByRole('heading', { level: 1 }).first().textContent())!;
    const words = await vocabulary.locator('.ln-vocabulary tbody tr td:first-child').allTextContents();
    expect(words.length).toBeGreaterThan(0);

    await vocabulary.getByText('No flashcards from this chapter yet.').waitFor();
    await shot(page, 'chapter-cards-to-add.png');
    await vocabulary.getByRole('button', { name: `Add ${words.length} ${words.length === 1 ? 'word' : 'words'} as flashcards` }).click();
    const added = `${words.length} ${words.length === 1 ? 'card' : 'cards'} from this chapter in your flashcards.`;
    await vocabulary.getByText(added).waitFor();
    expect(await vocabulary.getByRole('button', { name: /as flashcards/ }).count()).toBe(0); // nothing left to add
    await shot(page, 'chapter-cards-added.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A reload reads the cards back from the server: still all added.
    await page.reload();
    await page.getByRole('region', { name: 'Vocabulary' }).getByText(added).waitFor();
    // The chapters around this one, in reading order (courses/chapter-order).
    const chapters = page.getByRole('navigation', { name: 'Chapters' });
    await chapters.getByRole('link', { name: /^Next: / }).waitFor();
    await chapters.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'chapter-nav.png') });

    await page.getByRole('link', { name: 'See them in your flashcards' }).click();
    await page.waitForURL('**/app/practice-portal/flashcards?origin=**');
    const from = page.locator('label.pr-filter', { hasText: /^From/ }).locator('select'); // its name includes the chosen option
    await expect
      .poll(async () => from.locator('option:checked').textContent())
      .toBe(`${title} (chapter) · ${words.length} ${words.length === 1 ? 'card' : 'cards'}, ${words.length} due`);
    const cards = page.getByRole('list', { name: 'Flashcards' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(words.length);
    expect((await page.locator('.pr-card').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')))).sort()).toEqual(
      [...words].sort(),
    );
    for (const text of await cards.allTextContents()) expect(text).toContain(`Chapter: ${title}`);
    await shot(page, 'card-list-by-origin.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // "Any article or chapter" shows every card again (the same ones here: the learner has no others).
    await from.selectOption('');
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe(`${words.length} ${words.length === 1 ? 'card' : 'cards'}`);
    await page.close();
  }, 120_000);

  it('shows a free learner the pronunciations left this month under Listen', async () => {
    const page = await verba.browser.newPage();
    await signIn(page, verba.base, verba.learner);
    await page.getByRole('link', { name: 'Read' }).click();
    await page.locator('a[href^="/app/library/"]').first().click();
    await page.locator('.rd-text [data-key]').first().click();
    await page.getByText(/^\d+ of 50 free pronunciations left this month\.$/).waitFor();
    await shot(page, 'reader-pronunciations-left.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('a fresh learner reloads the onboarding mid-way and opens a step in a new tab: same step, answers kept', async () => {
    const context = await verba.browser.newContext();
    const page = await context.newPage();
    await signUpVerified(page, verba.base, fresh);
    await page.getByRole('button', { name: 'Let’s start' }).click();
    await page.getByRole('radio', { name: /French/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'How well do you know French?' }).waitFor();
    await page.getByRole('radio', { name: /^B1 ·/ }).check();

    await page.reload();
    await page.getByRole('heading', { name: 'How well do you know French?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/onboarding/level');
    expect(await page.getByText('Step 2 of 3').count()).toBe(1);
    expect(await page.getByRole('radio', { name: /^B1 ·/ }).isChecked()).toBe(true);
    await shot(page, 'onboarding-level-after-reload.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A deep link into the last step, in a new tab of the same browser.
    const tab = await context.newPage();
    await tab.goto(`${verba.base}/app/onboarding/username`);
    await tab.getByRole('heading', { name: 'What should we call you?' }).waitFor();
    expect(await tab.getByText('Step 3 of 3').count()).toBe(1);
    await tab.getByLabel('Name', { exact: true }).fill('Chloé');
    await tab.getByLabel('Username').fill(`chloe_${Date.now()}`);
    await tab.getByRole('button', { name: 'Finish' }).click();
    await tab.getByText('You are learning French at B1.').waitFor();
    await shot(tab, 'onboarding-finished-from-deep-link.png');
    await context.close();
  }, 90_000);
});
