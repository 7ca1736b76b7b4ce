import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, seriousA11yViolations, signIn, skipReason, startVerba, type Verba } from './support/verba';

/** Issue 38.3: a selected phrase is marked like a word, saved with its meaning, and painted wherever it recurs. */
describe.skipIf(!!skipReason)(`phrases journey in Chromium ${skipReason}`, () => {
  let verba: Verba;

  beforeAll(async () => {
    verba = await startVerba();
  }, 180_000);

  afterAll(async () => verba?.stop());

  /** The saved phrases painted in the text: each one's class and its text as written. */
  const phrases = (page: Page) => page.locator('.rd-text .ph').evaluateAll((els) => els.map((e) => `${e.className}: ${e.textContent}`));

  it('marks "zum Beispiel" Uncertain with a meaning: painted as one unit here, further on and across a line break, after a reload too, and listed in My words; a saved separable verb is found split in a sentence', async () => {
    const page = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, verba.base, verba.learner);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'verba_csrf')!.value;
    const created = await page.request.post(`${verba.base}/api/articles/create`, {
      headers: { 'x-verba-csrf': csrf },
      data: {
        languageCode: 'de',
        name: 'Zum Beispiel im Unterricht',
        category: 'History & Culture',
        generalDifficulty: 'A2',
        content:
          'Wir lernen jeden Tag neue Wörter, zum Beispiel am Morgen im Bus. Die Lehrerin sagt zum\n' +
          'Beispiel: Lies den Satz laut! Zum Beispiel hilft das sehr. Ich komme zum, Beispiel nicht. Ich stehe jeden Tag früh auf.',
      },
    });
    expect(created.status()).toBe(201);
    const { article } = (await created.json()) as { article: { id: string } };

    await page.goto(`${verba.base}/app/library/${article.id}`);
    const zum = page.locator('.rd-text [data-key="zum"]');
    await zum.first().waitFor();
    expect(await phrases(page)).toEqual([]);

    // Select the two words (click, shift+click) and mark them Uncertain as one phrase.
    await zum.first().click();
    await page
      .locator('.rd-text [data-key="beispiel"]')
      .first()
      .click({ modifiers: ['Shift'] });
    const marks = page.getByRole('group', { name: 'Mark phrase as' });
    await marks.getByRole('button', { name: 'Uncertain' }).click();
    expect(await marks.getByRole('button', { name: 'Uncertain' }).getAttribute('aria-pressed')).toBe('true');
    // Here, further on, and where a line break splits it; not where a comma does. Its words keep their own colour.
    // Across the line break: one element a line, so no element holds the break (the side-by-side rows split there).
    const painted = [
      'ph ph--uncertain: zum Beispiel',
      'ph ph--uncertain: zum',
      'ph ph--uncertain: Beispiel',
      'ph ph--uncertain: Zum Beispiel',
    ];
    expect(await phrases(page)).toEqual(painted);
    expect(await zum.evaluateAll((els) => [...new Set(els.map((e) => e.className))])).toEqual(['w w--new']);
    await page.getByText('2 words selected, 3 times on this page').waitFor();

    // Its own meaning.
    await page.getByRole('button', { name: 'Type your own meaning' }).click();
    await page.getByLabel('Your meaning of “zum Beispiel”').fill('for example');
    await page.getByRole('button', { name: 'Save meaning' }).click();
    await page.locator('.rd-own-meaning__text', { hasText: 'for example' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'reader-phrase-marked.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // After a reload: still painted; a click on the occurrence split by the line break opens the phrase, its status and meaning.
    await page.waitForLoadState('networkidle');
    await page.reload();
    await zum.first().waitFor();
    await expect.poll(() => phrases(page)).toEqual(painted);
    await page.locator('.rd-text .ph').nth(2).locator('[data-key="beispiel"]').click();
    expect(
      await page.getByRole('group', { name: 'Mark phrase as' }).getByRole('button', { name: 'Uncertain' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.locator('.rd-own-meaning__text', { hasText: 'for example' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'reader-phrase-after-reload.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // In the dark theme the underline takes a light amber.
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.screenshot({ path: path.join(SHOTS, 'reader-phrase-dark.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();

    // My words lists it like a word, with its status.
    await page.goto(`${verba.base}/app/dictionary`);
    await expect.poll(() => page.locator('.rd-words tbody tr td[lang]').allInnerTexts()).toContain('zum beispiel');
    expect(await page.getByLabel('Status of zum beispiel').inputValue()).toBe('uncertain');
    await page.screenshot({ path: path.join(SHOTS, 'dictionary-phrase.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A separable verb the learner has saved ("aufstehen") is found where the sentence splits it: "stehe … auf",
    // from the analyser's base word of "stehe".
    const saved = await page.request.patch(`${verba.base}/api/dictionary/word`, {
      headers: { 'x-verba-csrf': csrf },
      data: { languageCode: 'de', word: { value: 'aufstehen', status: 'known' } },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`${verba.base}/app/library/${article.id}`);
    const separable = page.locator('.rd-text .ph[data-phrase="aufstehen"]');
    await expect.poll(() => separable.allTextContents()).toEqual(['stehe', 'auf']);
    expect(await separable.first().getAttribute('class')).toBe('ph ph--known');
    await separable.last().locator('[data-key="auf"]').click();
    await page.getByText('Separable verb: stehe … auf').waitFor();
    expect(
      await page.getByRole('group', { name: 'Mark word as' }).getByRole('button', { name: 'Known' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.screenshot({ path: path.join(SHOTS, 'reader-separable-verb.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);
});
