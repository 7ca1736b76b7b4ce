import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, seriousA11yViolations, signIn, skipReason, startVerba, type Verba } from './support/verba';
import { IPHONE } from './support/phone';

/** Three German cards, made through the API as the reader's "add to flashcards" will. */
/** The three cards the journey adds from the reader (filled in as it adds them). */
const CARDS: Array<{ sourceValue: string; targetValue: string }> = [];
const TRANSLATION = new Map<string, string>();

describe.skipIf(!!skipReason)(`practice journey in Chromium ${skipReason}`, () => {
  let app: Verba;

  beforeAll(async () => {
    app = await startVerba();
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  });

  /** In the reader: three different words, each translated in context and added with "Add to flashcards". */
  async function addCardsFromReader(page: Page): Promise<void> {
    await page.getByRole('link', { name: 'Read' }).click();
    await page.locator('a[href^="/app/library/"]').first().click();
    const words = page.locator('.rd-text [data-key]');
    await words.first().waitFor();
    const tried = new Set<string>();
    // What the reader saved: word and translation, read back as the practice pages will show them.
    type Saved = { flashcards: Array<{ sourceValue: string; targetValue: string }> };
    const list = () => page.evaluate(async () => (await (await fetch('/api/flashcards?languageCode=de')).json()) as Saved);
    const saved = async () => (await list()).flashcards.length;
    // Until the server holds three cards: in CI a third add once left two (a card the learner already had, made
    // again from another word), so the loop counts what the server holds, not the clicks.
    for (let i = 0; (await saved()) < 3 && i < 60; i++) {
      const key = (await words.nth(i).getAttribute('data-key'))!;
      if (tried.has(key)) continue;
      tried.add(key);
      await words.nth(i).click();
      const add = page.getByRole('button', { name: 'Add to flashcards' });
      // Words without a translation from the local glossary cannot become cards: try the next one.
      const ready = await add.isEnabled({ timeout: 3000 }).catch(() => false);
      if (!ready) continue;
      const before = await saved();
      await add.click();
      await page.getByRole('button', { name: 'In your flashcards' }).waitFor();
      // The read model follows the write (or the card was one the learner had: then nothing changes).
      await expect
        .poll(saved, { timeout: 5000 })
        .toBeGreaterThan(before)
        .catch(() => undefined);
    }
    expect(tried.size).toBeGreaterThanOrEqual(3);
    await expect.poll(saved).toBe(3);
    for (const card of (await list()).flashcards) {
      CARDS.push({ sourceValue: card.sourceValue, targetValue: card.targetValue });
      TRANSLATION.set(card.sourceValue, card.targetValue);
    }
    expect(CARDS).toHaveLength(3);
  }

  const dueLabels = (page: Page) => page.locator('.pr-card__due').allTextContents();
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name), fullPage: true });

  it('adds three words from the reader as cards, reviews them with the keyboard and sees their due labels change; plays match words and the quick quiz to the end; edits a card', async () => {
    const page = await app.browser.newPage();
    await signIn(page, app.base, app.learner);
    // Before any card: the dashboard's widget and the portal point to the library.
    await page
      .getByRole('region', { name: 'Cards to review' })
      .getByText(/No flashcards yet/)
      .waitFor();
    await page.getByRole('link', { name: 'Practice' }).first().click();
    await page.getByRole('heading', { name: 'No flashcards yet' }).waitFor();

    await addCardsFromReader(page);
    await page.getByRole('link', { name: 'Practice' }).first().click();
    const stats = page.getByLabel('Your flashcards');
    await stats.waitFor();
    expect(await stats.textContent()).toContain('Due now3');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'practice-portal.png');

    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Flashcards' }).click();
    await page.locator('.pr-card').first().waitFor();
    expect(await dueLabels(page)).toEqual(['Due now', 'Due now', 'Due now']);

    // Review with the keyboard: Space shows the answer, 1-4 rate, U undoes the last rating.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Review' }).click();
    await page.getByText('Card 1 of 3').waitFor();
    await page.keyboard.press('Space');
    await page.locator('.pr-flashcard__target').waitFor();
    // Each button tells what it schedules (a new card: FSRS's learning steps, or days for Easy), as Anki does.
    expect(await page.locator('.pr-rating__interval').allTextContents()).toEqual(['1m', '6m', '10m', '8d']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'practice-review.png');
    await page.keyboard.press('1');
    await page.getByText('Card 2 of 4').waitFor(); // Again: the card comes back later in the session
    await page.keyboard.press('u');
    await page.getByText('Card 1 of 3').waitFor();
    await page.keyboard.press('4'); // Easy instead of Again
    for (const rating of ['3', '4']) {
      await page.keyboard.press('Space');
      await page.locator('.pr-flashcard__target').waitFor();
      await page.keyboard.press(rating);
    }
    await page.getByRole('heading', { name: 'Session complete' }).waitFor();
    await page.getByText('Your ratings are saved.').waitFor();
    expect(await page.locator('.pr-result__count').allTextContents()).toEqual(['Again0', 'Hard0', 'Good1', 'Easy2']);
    // Undo works after the end too: the last card comes back; Again keeps it in the session until answered otherwise.
    await page.getByRole('button', { name: /Undo last rating/ }).click();
    await page.getByText('Card 3 of 3').waitFor();
    await page.locator('.pr-flashcard__target').waitFor();
    await page.keyboard.press('1');
    await page.getByText('Card 4 of 4').waitFor(); // the same card again: nothing else is left
    await page.keyboard.press('Space');
    await page.keyboard.press('3');
    await page.getByRole('heading', { name: 'Session complete' }).waitFor();
    await page.getByText('Your ratings are saved.').waitFor();
    expect(await page.locator('.pr-result__count').allTextContents()).toEqual(['Again1', 'Hard0', 'Good2', 'Easy1']);

    // The list reads after the ratings: no card is due now any more, each was practised today.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Flashcards' }).click();
    await expect
      .poll(async () => {
        const shown = await dueLabels(page);
        return shown.length === 3 && !shown.includes('Due now');
      })
      .toBe(true);
    const labels = await dueLabels(page);
    expect(labels.every((l) => /^Due in \d+ (hours?|days?|weeks?)$/.test(l))).toBe(true);
    expect(await page.locator('.pr-card__last').allTextContents()).toEqual([
      'Last practiced today',
      'Last practiced today',
      'Last practiced today',
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'practice-list.png');

    // The overview's statistics: today's reviews in the chart, retention (no learned card forgotten), the cards by state.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Overview' }).click();
    const statistics = page.getByRole('region', { name: 'Statistics' });
    await statistics.getByLabel('Practice statistics').waitFor();
    const today = new Date().toISOString().slice(0, 10);
    expect(Number(await statistics.locator(`.pr-chart__bar[data-day="${today}"]`).getAttribute('height'))).toBeGreaterThan(0);
    expect(await statistics.getByRole('img', { name: /^Reviews per day over the last 30 days: [1-9]\d* in all\.$/ }).count()).toBe(1);
    expect(await statistics.locator('.pr-stat', { hasText: 'Retention' }).locator('.pr-stat__value').textContent()).toBe('100%');
    const byState = (await statistics.locator('.pr-state__count').allTextContents()).map(Number);
    expect(byState.reduce((a, b) => a + b, 0)).toBe(3);
    expect(byState[0]).toBe(0); // none of the three is new any more
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'practice-statistics.png');

    // Match words, to the end.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Match words' }).click();
    const words = page.getByRole('list', { name: 'Words' }).getByRole('button');
    await words.first().waitFor();
    for (const [i, word] of (await words.allTextContents()).entries()) {
      await page.getByRole('list', { name: 'Words' }).getByRole('button', { name: word, exact: true }).click();
      if (i === 1) await shot(page, 'practice-match-playing.png'); // one pair matched, one word picked
      await page
        .getByRole('list', { name: 'Translations' })
        .getByRole('button', { name: TRANSLATION.get(word)!, exact: true })
        .click();
    }
    await page.getByRole('heading', { name: 'All pairs matched!' }).waitFor();
    await shot(page, 'practice-match.png');

    // Quick quiz, to the end: always the right translation.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Quick quiz' }).click();
    for (let i = 1; i <= CARDS.length; i++) {
      await page.getByText(`Question ${i} of ${CARDS.length}`).waitFor();
      const word = (await page.locator('#quiz-question').textContent())!;
      // The option's name is its key number and its text ("1 the"): match the whole, or "the" also finds "at the".
      const answer = TRANSLATION.get(word)!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await page
        .getByRole('list', { name: 'Translations' })
        .getByRole('button', { name: new RegExp(`^(\\d+ )?${answer}$`) })
        .click();
      await page.getByText('Correct!').waitFor();
      if (i === 1) await shot(page, 'practice-quiz-answered.png');
      await page.getByRole('button', { name: /Next question|See your result/ }).click();
    }
    await page.getByRole('heading', { name: 'Quiz complete' }).waitFor();
    await page.getByText(`${CARDS.length} of ${CARDS.length} correct.`).waitFor();
    await shot(page, 'practice-quiz.png');

    // Edit a card: a 301-letter side is refused in place.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Flashcards' }).click();
    const edited = CARDS[1]!.sourceValue;
    await page.getByRole('listitem', { name: edited, exact: true }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit flashcard' });
    await dialog.getByLabel(/Translation/).fill('a'.repeat(301));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Maximum 300 letters are allowed').waitFor();
    await shot(page, 'practice-edit.png');
    await dialog.getByLabel(/Translation/).fill('the kitty');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('listitem', { name: edited, exact: true }).getByText('the kitty').waitFor();

    // Back on the dashboard, the widget has nothing due now.
    await page.goto(`${app.base}/app/dashboard`);
    const widget = page.getByRole('region', { name: 'Cards to review' });
    await widget.getByText('0 due now', { exact: true }).waitFor();
    await widget.getByText(/Nothing due now/).waitFor();
    await shot(page, 'practice-dashboard-widget.png');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.goto(`${app.base}/app/practice-portal/flashcards`);
    await page.locator('.pr-card').first().waitFor();
    await shot(page, 'practice-list-dark.png');
    await page.close();
  }, 180_000);

  it('reviews on a phone (390x844): the card and the four rating buttons fit the first screen, each button at least 44 px high', async () => {
    const context = await app.browser.newContext({ viewport: IPHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, app.base, app.learner);
    // Two new cards, made as the reader's "Add to flashcards" makes them (the CSRF cookie echoed).
    const status = await page.evaluate(async () => {
      const csrf = decodeURIComponent(/(?:^|; )verba_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const body = JSON.stringify({
        languageCode: 'de',
        flashcards: [
          { sourceValue: 'das Telefon', targetValue: 'the phone' },
          { sourceValue: 'der Daumen', targetValue: 'the thumb' },
        ],
      });
      return (
        await fetch('/api/flashcards', { method: 'POST', headers: { 'content-type': 'application/json', 'x-verba-csrf': csrf }, body })
      ).status;
    });
    expect(status).toBe(201);
    await page.goto(`${app.base}/app/practice-portal/practice-flashcards`);
    await page.getByText('Card 1 of 2').waitFor();
    // The shell's late reads (the announcement banner above the portal) settle first: a banner coming in
    // between Playwright's aim and its tap moves the card down (the likely cause of a tap that missed in CI).
    await page.waitForLoadState('networkidle');
    const inFirstScreen = async (selector: string) => {
      return page.locator(selector).evaluateAll((els) =>
        els.map((el) => {
          const b = el.getBoundingClientRect();
          return { inside: b.top >= 0 && b.bottom <= window.innerHeight && b.left >= 0 && b.right <= window.innerWidth, height: b.height };
        }),
      );
    };
    await page.locator('.pr-flashcard').tap();
    await page.locator('.pr-flashcard__target').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0); // nothing scrolled to get here
    const buttons = await inFirstScreen('.pr-rating');
    expect(buttons).toHaveLength(4);
    for (const b of buttons) {
      expect(b.inside).toBe(true);
      expect(b.height).toBeGreaterThanOrEqual(44);
    }
    expect((await inFirstScreen('.pr-flashcard'))[0]!.inside).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'practice-review-phone.png') });
    // Tapping: Again, then Good for the other card; the first comes back and ends the session with Good.
    await page.getByRole('button', { name: /Again/ }).tap();
    await page.getByText('Card 2 of 3').waitFor();
    await page.locator('.pr-flashcard').tap();
    await page.getByRole('button', { name: /Good/ }).tap();
    await page.getByText('Card 3 of 3').waitFor();
    await page.locator('.pr-flashcard').tap();
    expect((await inFirstScreen('.pr-rating')).every((b) => b.inside)).toBe(true);
    await page.getByRole('button', { name: /Good/ }).tap();
    await page.getByRole('heading', { name: 'Session complete' }).waitFor();
    await page.getByText('Your ratings are saved.').waitFor();
    expect(await page.locator('.pr-result__count').allTextContents()).toEqual(['Again1', 'Hard0', 'Good2', 'Easy0']);
    await context.close();
  }, 120_000);
});
