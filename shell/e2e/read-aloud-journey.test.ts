import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { lookAt, signIn, skipReason, startVerba, type Verba } from './support/verba';

/**
 * Issue 38.5: read-aloud in the text. The server speaks with its own espeak-ng (WebAssembly), which gives
 * word timings, so the spoken sentence and word are lit in the markable text as the audio plays.
 */
const TITLE = 'Ein Tag im Wald';
const FIRST = 'Der Hund läuft am Morgen in den Wald.';
const SECOND = 'Er bellt laut.';
const FILLER = 'Die Bäume sind hoch und grün, und die Vögel singen in den Zweigen über dem Weg.';
// Two pages: the reader pages about 250 words, so 20 filler sentences of 16 words follow the two.
const TEXT = [FIRST, SECOND, ...Array.from({ length: 20 }, () => FILLER)].join(' ');

const isSpeech = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/tts';
const spokenText = (request: Request) => (request.postDataJSON() as { text: string }).text;

describe.skipIf(!!skipReason)(`read-aloud journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let page: Page;
  const spoken: string[] = [];

  beforeAll(async () => {
    verba = await startVerba();
    page = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (request) => {
      if (isSpeech(request)) spoken.push(spokenText(request));
    });
    await signIn(page, verba.base, verba.learner);
  }, 180_000);

  afterAll(async () => verba?.stop());

  /** The words of the page lit as the sentence being spoken. */
  const litSentence = () => page.locator('.rd-text [data-spoken]').allInnerTexts();
  const readAloud = () => page.getByRole('button', { name: 'Read aloud' });

  it('plays the sentence of the focused word on P, lit in the text with the word being heard', async () => {
    await page.goto(`${verba.base}/app/add-article`);
    await page.getByLabel(/^Title/).fill(TITLE);
    await page.getByLabel(/^Text/).fill(TEXT);
    await page.getByRole('button', { name: 'Add article' }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const hund = page.locator('.rd-text [data-key="hund"]').first();
    await hund.waitFor();
    await hund.focus();

    const asked = page.waitForRequest(isSpeech);
    await page.keyboard.press('p');
    expect(spokenText(await asked)).toBe(FIRST);
    await expect.poll(litSentence).toEqual(['Der', 'Hund', 'läuft', 'am', 'Morgen', 'in', 'den', 'Wald']);
    // espeak-ng gave each word's moment: one word of the sentence is lit as the one being heard.
    const speaking = page.locator('.rd-text [data-speaking]');
    await speaking.first().waitFor({ timeout: 10_000 });
    expect(FIRST).toContain(await speaking.innerText());
    await lookAt(page, 'read-aloud-sentence');
    // Once the sentence is spoken, the light goes out.
    await expect.poll(litSentence, { timeout: 15_000 }).toEqual([]);
    expect(spoken).toEqual([FIRST]); // one sentence, nothing after it
  }, 120_000);

  it('reads the page on with Read aloud, the light moving to the next sentence, and stops when the page turns', async () => {
    expect(await readAloud().getAttribute('aria-pressed')).toBe('false');
    await readAloud().click();
    await expect.poll(() => readAloud().getAttribute('aria-pressed')).toBe('true');
    // It starts at the focused word's sentence (cached now) and asks for the next one while that plays.
    await expect.poll(litSentence).toEqual(['Der', 'Hund', 'läuft', 'am', 'Morgen', 'in', 'den', 'Wald']);
    await expect.poll(() => spoken.includes(SECOND), { timeout: 10_000 }).toBe(true);
    await expect.poll(litSentence, { timeout: 15_000 }).toEqual(['Er', 'bellt', 'laut']);
    await page.locator('.rd-text [data-speaking]').first().waitFor({ timeout: 10_000 });
    await lookAt(page, 'read-aloud-next-sentence');

    // The page turns: reading stops, nothing is lit, nothing more is asked for.
    await page.keyboard.press('PageDown');
    await page.getByText(/Page 2 of 2/).waitFor();
    await expect.poll(() => readAloud().getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('.rd-text [data-spoken], .rd-text [data-speaking]').count()).toBe(0);
    const askedBefore = spoken.length;
    await page.waitForTimeout(3000);
    expect(spoken.length).toBe(askedBefore);
    expect(await page.locator('.rd-text [data-spoken]').count()).toBe(0);
    await lookAt(page, 'read-aloud-stopped-on-page-turn');
  }, 120_000);
});
