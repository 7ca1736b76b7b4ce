import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ROOT,
  SHOTS,
  followMailedLink as followLink,
  seriousA11yViolations,
  signIn as signInAs,
  skipReason,
  startVerba,
  type Account,
  type Verba,
} from './support/verba';

const BOOK = path.join(ROOT, 'services/test-support/contexts/library/fixtures/drei-geschichten.epub');

describe.skipIf(!!skipReason)(`reading journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let base: string;
  let learner: Account;
  let admin: Account;
  const browser = { newPage: (options?: Parameters<Verba['browser']['newPage']>[0]) => verba.browser.newPage(options) };

  beforeAll(async () => {
    verba = await startVerba();
    ({ base, learner, admin } = verba);
  }, 180_000);

  afterAll(async () => verba?.stop());

  /** A minimal React devtools hook: every react-dom copy that starts calls inject() once. */
  async function countReactCopies(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      w['__verbaReactCopies'] = 0;
      w['__REACT_DEVTOOLS_GLOBAL_HOOK__'] = {
        supportsFiber: true,
        renderers: new Map(),
        inject() {
          w['__verbaReactCopies'] = (w['__verbaReactCopies'] as number) + 1;
          return w['__verbaReactCopies'];
        },
        onScheduleFiberRoot() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      };
    });
  }

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${base}/app/sign-in`);
    await page.getByRole('heading', { name: 'Sign in to Verba' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'sign-in-light.png') });
    await signInAs(page, base, learner);
  }

  const statusOf = (page: Page, key: string) =>
    page.locator(`.rd-text [data-key="${key}"]`).evaluateAll((els) => [...new Set(els.map((e) => e.className))]);

  it('signs in, opens a demo article, marks words with mouse and keyboard, keeps the marks after a reload, and finds the Uncertain word among the flashcards', async () => {
    const page = await browser.newPage();
    await countReactCopies(page);
    await signIn(page);

    await page.getByRole('link', { name: 'Read' }).click();
    const firstArticle = page.locator('a[href^="/app/library/"]').first();
    await firstArticle.waitFor();
    expect(await page.locator('a[href^="/app/library/"]').count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: path.join(SHOTS, 'library-light.png') });
    await firstArticle.click();
    await page.locator('.rd-text [data-key]').first().waitFor();

    // Mouse: click a word, then its Known button; every occurrence turns known at once.
    const words = page.locator('.rd-text [data-key]');
    const mouseKey = (await words.nth(0).getAttribute('data-key'))!;
    await words.nth(0).click();
    await page.getByRole('button', { name: /^Known/ }).click();
    expect(await statusOf(page, mouseKey)).toEqual(['w w--known']);

    // Keyboard: to the next different word, mark it uncertain with "u".
    await words.nth(0).focus();
    let keyboardKey = mouseKey;
    for (let i = 0; i < 10 && keyboardKey === mouseKey; i++) {
      await page.keyboard.press('ArrowRight');
      keyboardKey = (await page.evaluate(() => document.activeElement?.getAttribute('data-key'))) ?? mouseKey;
    }
    await page.keyboard.press('u');
    expect(await statusOf(page, keyboardKey)).toEqual(['w w--uncertain']);
    // Uncertain words become flashcards (the profile's setting, on by default): the meaning the panel shows
    // (a dictionary's first) on the back, the sentence it was marked in with it.
    const uncertainWord = (await page.locator('.rd-panel__word').innerText()).trim();
    const shownMeaning = (await page.locator('.rd-panel .rd-translation__text').innerText()).split(';')[0]!.trim();
    await page.getByText(`“${uncertainWord}” was added to your flashcards`).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'reader-light.png') });

    // Let the marks reach the server (optimistic UI), then reload: they are still there.
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.locator('.rd-text [data-key]').first().waitFor();
    await expect.poll(() => statusOf(page, mouseKey)).toEqual(['w w--known']);
    expect(await statusOf(page, keyboardKey)).toEqual(['w w--uncertain']);

    // Exactly one React at runtime: each copy of react-dom registers itself with the devtools hook
    // that countReactCopies installed before any script ran; shell and fragment must share one.
    expect(await page.evaluate(() => (window as unknown as { __verbaReactCopies: number }).__verbaReactCopies)).toBe(1);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.screenshot({ path: path.join(SHOTS, 'reader-dark.png') });
    await page.goto(`${base}/app/library`);
    await page.locator('a[href^="/app/library/"]').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'library-dark.png') });

    // The word marked Uncertain is a flashcard now, with its meaning.
    await page.goto(`${base}/app/practice-portal/flashcards`);
    const card = page.getByRole('listitem', { name: uncertainWord, exact: true });
    await card.waitFor();
    expect(await card.locator('.pr-card__target').innerText()).toBe(shownMeaning);
    expect(await card.locator('.pr-card__sentence').innerText()).toContain(uncertainWord);
    await page.close();
  }, 120_000);

  // Issue 14's loop on a fresh data directory, with no espeak-ng on the server's PATH (support/verba.ts).
  it('looks up ten words in a row, each with a translation offline, plays one, glosses a sentence as a gloss, types its own meaning for a rare word, saves three cards, imports an EPUB and exports the cards', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    /** Toasts ("… was added to your flashcards") would cover the panel in a screenshot. */
    const dismissToasts = async () => {
      const dismiss = page.getByRole('button', { name: 'Dismiss' });
      while ((await dismiss.count()) > 0) await dismiss.first().click();
    };
    await signIn(page);
    type Cards = { flashcards: { sourceValue: string; targetValue: string }[] };
    const cardsNow = async () => ((await (await page.request.get(`${base}/api/flashcards?languageCode=de`)).json()) as Cards).flashcards;
    // Cards the learner had before (the first journey's Uncertain mark made one).
    const before = (await cardsNow()).length;
    await page.getByRole('link', { name: 'Read' }).click();
    await page.locator('a[href^="/app/library/"]').first().click();
    await page.locator('.rd-text [data-key]').first().waitFor();

    // Ten different words in a row, as a learner reads: every one gets a translation (the offline dictionary).
    const answer = page
      .locator('.rd-panel .rd-translation__text, .rd-panel .rd-translation__none, .rd-panel .rd-translation__error')
      .first();
    const looked: string[] = [];
    const words = page.locator('.rd-text [data-key]');
    for (let i = 0; looked.length < 10; i++) {
      const key = (await words.nth(i).getAttribute('data-key'))!;
      if (looked.some((l) => l.startsWith(`${key} =`))) continue;
      await words.nth(i).click();
      await page.locator('.rd-panel__word', { hasText: (await words.nth(i).innerText()).trim() }).waitFor();
      await answer.waitFor();
      expect(await answer.getAttribute('class'), key).toBe('rd-translation__text');
      looked.push(`${key} = ${await answer.innerText()}`);
      // Two of them become cards, with the dictionary's meaning on the back.
      if (looked.length === 3 || looked.length === 7) {
        await page.getByRole('button', { name: 'Add to flashcards' }).click();
        await page.getByRole('button', { name: 'In your flashcards' }).waitFor();
      }
    }
    console.log(`looked up: ${looked.join(' | ')}`);
    // The last word looked up, spoken: espeak-ng compiled to WebAssembly answers with real audio.
    const tts = page.waitForResponse((r) => r.url().endsWith('/api/tts'));
    await page.getByRole('button', { name: /^Listen to/ }).click();
    const audio = await tts;
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/wav');
    expect(Number(audio.headers()['content-length'])).toBeGreaterThan(1000);
    await dismissToasts();
    await page.screenshot({ path: path.join(SHOTS, 'reader-dictionary.png') });

    // The sentence, offline, is a word-by-word gloss and says so.
    await page.getByRole('button', { name: 'Translate the sentence' }).click();
    await page.getByText('Word-by-word gloss', { exact: true }).waitFor();
    const note = page.getByText('Not a translation: the dictionary meaning of each word, in order.');
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'reader-sentence-gloss.png') });

    // A rare word no dictionary has, in the learner's own text: said plainly, and the card is not blocked.
    await page.goto(`${base}/app/add-article`);
    await page.getByLabel(/^Title/).fill('Am Waldrand');
    await page.getByLabel(/^Text/).fill('Der Fuchs ist heute ganz flimsterig und müde.');
    await page.getByRole('button', { name: 'Add article' }).click();
    await page.locator('.rd-text [data-key="flimsterig"]').click();
    await page.getByText('No translation found for this word').waitFor();
    await page.getByRole('button', { name: 'Add to flashcards' }).click();
    await page.getByText('Type a meaning for the back of the card, then save it to add the card.').waitFor();
    await page.getByLabel('Your meaning of “flimsterig”').fill('restlessly shimmering');
    await dismissToasts();
    await page.screenshot({ path: path.join(SHOTS, 'reader-own-meaning.png') });
    await page.getByRole('button', { name: 'Save meaning' }).click();
    await page.getByRole('button', { name: 'In your flashcards' }).waitFor();

    // Offered next time, from the server (a fresh page has no cache).
    await page.reload();
    await page.locator('.rd-text [data-key="flimsterig"]').click();
    await page.locator('.rd-own-meaning__text', { hasText: 'restlessly shimmering' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'reader-own-meaning-offered.png') });

    // Three cards more; the rare word's back is the learner's meaning.
    const cards = await cardsNow();
    expect(cards).toHaveLength(before + 3);
    expect(cards).toContainEqual(expect.objectContaining({ sourceValue: 'flimsterig', targetValue: 'restlessly shimmering' }));

    // Their own book in: an EPUB's chapters become a private series.
    await page.goto(`${base}/app/add-article`);
    await page.getByRole('tab', { name: 'Import text, file or web page' }).click();
    await page.getByLabel('A file (.txt, .epub, .srt, .vtt or .pdf)').check();
    await page.getByLabel(/^File/).setInputFiles(BOOK);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL('**/app/library?seriesId=*');
    await page.getByRole('link', { name: 'Der Morgen' }).waitFor();

    // Cards out: the Anki package holds every card, the learner's own meaning on the back of one.
    await page.goto(`${base}/app/practice-portal/flashcards`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export to Anki (.apkg)' }).click();
    const apkg = unzipSync(readFileSync(await (await download).path()));
    const SQL = await initSqlJs();
    const collection = new SQL.Database(apkg['collection.anki2']!);
    const notes = collection.exec('select flds from notes')[0]!.values.map(([flds]) => String(flds).split('\x1f'));
    expect(notes).toHaveLength(before + 3);
    expect(notes).toContainEqual(expect.arrayContaining(['flimsterig', 'restlessly shimmering']));
    expect(collection.exec('select count(*) from cards')[0]!.values[0]![0]).toBe(before + 3);
    collection.close();
    await page.close();
  }, 180_000);

  const followMailedLink = (page: Page, email: string, subject: string) => followLink(page, base, email, subject);

  it('signs up, verifies the emailed link, signs in and reaches the library', async () => {
    const page = await browser.newPage();
    const email = `new-${Date.now()}@example.org`;
    const password = 'a new password 42';
    await page.goto(`${base}/app/sign-up`);
    await page.getByRole('button', { name: 'Accept cookies' }).click();
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: /Sign up|Create account/ }).click();
    await page.waitForURL('**/app/verify-email?email=**');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'verify-email.png') });

    await followMailedLink(page, email, 'Confirm your email address for Verba');
    await page.waitForURL('**/app/verify-result?token=**');
    await page.getByText('Your email address is verified. You can sign in now.').waitFor();
    // The link is spent: opening it again says so.
    const spent = page.url();
    await page.goto(spent);
    await page.getByText('This link has already been used or replaced by a newer one.').waitFor();

    await page.goto(`${base}/app/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A new learner has not done the main onboarding yet: language, level, username.
    await page.waitForURL('**/app/onboarding**');
    await page.getByRole('button', { name: 'Let’s start' }).click();
    await page.getByRole('radio', { name: /Spanish/ }).check();
    await page.screenshot({ path: path.join(SHOTS, 'onboarding-language.png') });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /A2 · Low Intermediate/ }).check();
    await page.screenshot({ path: path.join(SHOTS, 'onboarding-level.png') });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Nora');
    await page.getByLabel('Username').fill('a b');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByText('Use 3 to 30 letters, digits, dots or underscores.').waitFor();
    await page.getByLabel('Username').fill(`nora_${Date.now()}`);
    await page.screenshot({ path: path.join(SHOTS, 'onboarding-username.png') });
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByText('You are learning Spanish at A2.').waitFor();
    await page.getByRole('button', { name: 'Go to the dashboard' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Nora!' }).waitFor();
    // Onboarding is done: signing in again goes straight to the dashboard, and the library is in Spanish.
    await page.reload();
    await page.getByRole('link', { name: 'Read' }).click();
    await page.getByText('Articles in Spanish').waitFor();
    await page.locator('a[href^="/app/library/"]').first().waitFor();
    await page.close();
  }, 90_000);

  it('resets a forgotten password through the emailed link and signs in with the new one', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/app/sign-in`);
    await page.getByRole('button', { name: 'Accept cookies' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/app/reset-password');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/We have sent a link to/).waitFor();

    await followMailedLink(page, admin.email, 'Reset your Verba password');
    await page.waitForURL('**/app/new-password?token=**');
    await page.locator('input[name="password"]').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The password is too weak.').waitFor();
    const fresh = 'a fresh admin secret 7';
    await page.locator('input[name="password"]').fill(fresh);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/app/reset-password/success');
    await page.getByText('Success, You have successfully updated your password.').waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(admin.email);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect email or password').waitFor();
    await page.locator('input[name="password"]').fill(fresh);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/(dashboard|onboarding)/);
    await page.close();
  }, 60_000);

  it('has no serious or critical accessibility violations on the sign-in page and in the reader', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/app/sign-in`);
    await page.getByRole('heading', { name: 'Sign in to Verba' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.screenshot({ path: path.join(SHOTS, 'sign-in-dark.png') });
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await signIn(page);
    await page.getByRole('link', { name: 'Read' }).click();
    await page.locator('a[href^="/app/library/"]').first().click();
    await page.locator('.rd-text [data-key]').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('sends a non-admin who opens /app/admin to the dashboard', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.goto(`${base}/app/admin/users`);
    await page.waitForURL('**/app/dashboard');
    await page.close();
  }, 60_000);

  it('shows a failed fragment in its own area while navigation keeps working', async () => {
    // No service worker (offline reading): a manifest it fetched would bypass page.route.
    const page = await browser.newPage({ serviceWorkers: 'block' });
    // Before signing in: the dashboard's widgets already load the fragments' manifests.
    await page.route('**/fragments/learn/mf-manifest.json', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await signIn(page);
    // The dashboard's widget from the broken fragment fails in its own card; the page stands.
    await page.getByRole('region', { name: 'Next chapter' }).getByRole('alert').waitFor();
    await page.getByRole('link', { name: 'Learn' }).click();
    // The message stands in the Learn fragment's own area, not as a page-wide error.
    await page.locator('.sh-fragment:not([hidden]) [role="alert"]').filter({ hasText: /./ }).waitFor();
    await page.getByRole('link', { name: 'Read' }).click();
    await page.locator('a[href^="/app/library/"]').first().waitFor();
    await page.close();
  }, 60_000);
});
