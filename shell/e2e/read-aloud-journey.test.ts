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

  it('lights the sentence of admin audio in the text being read: an article in the reader, a chapter in the course', async () => {
    // The admin adds a library article and generates the audio of it and of the learner's first chapter.
    const admin = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, verba.base, verba.admin);
    const csrf = (await admin.context().cookies()).find((c) => c.name === 'verba_csrf')!.value;
    const articleText = 'Der Hund spielt im Garten. Die Katze schläft in der Sonne.';
    const created = await admin.request.post(`${verba.base}/api/admin/library/articles`, {
      headers: { 'x-verba-csrf': csrf },
      data: {
        languageCode: 'de',
        name: 'Der kleine Hund',
        category: 'Children',
        generalDifficulty: 'A1',
        content: articleText,
        isPrivate: false,
      },
    });
    expect(created.status()).toBe(201);
    const articleId = (await created.json()).articleId as string;
    const generate = (kind: 'article' | 'chapter', id: string, text: string) =>
      admin.request.post(`${verba.base}/api/admin/audio/${kind}/${id}/generate`, {
        headers: { 'x-verba-csrf': csrf },
        data: { text, voiceId: 'Marlene' },
      });
    expect((await generate('article', articleId, articleText)).status()).toBe(201);

    // The learner plays it in the reader: the sentence being heard is lit on the page's words, then the next.
    await page.goto(`${verba.base}/app/library/${articleId}`);
    await page.getByRole('heading', { level: 1, name: 'Der kleine Hund' }).waitFor();
    const player = page.getByRole('region', { name: 'Listen to the article' });
    await player.getByRole('button', { name: 'Play' }).click();
    await expect.poll(litSentence, { timeout: 10_000 }).toEqual(['Der', 'Hund', 'spielt', 'im', 'Garten']);
    await lookAt(page, 'read-aloud-article-audio');
    await expect.poll(litSentence, { timeout: 15_000 }).toEqual(['Die', 'Katze', 'schläft', 'in', 'der', 'Sonne']);

    // A chapter of the learner's course, with its audio: lit in the chapter's text the same way.
    await page.getByRole('link', { name: 'Learn' }).click();
    await page.locator('.ln-chapter__title').first().click();
    await page.waitForURL('**/app/courses/chapter/**');
    const chapterText = page.locator('.ln-text');
    await chapterText.waitFor();
    const chapterId = /chapter\/([^/?#]+)/.exec(page.url())![1]!;
    const text = (await chapterText.textContent())!;
    expect((await generate('chapter', chapterId, text)).status()).toBe(201);
    await admin.close();
    await page.reload();
    const chapterPlayer = page.getByRole('region', { name: 'Listen to the chapter' });
    await chapterPlayer.getByRole('button', { name: 'Play' }).click();
    const lit = () => page.locator('.ln-text [data-spoken]').allInnerTexts();
    await expect.poll(async () => (await lit()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const first = await lit();
    expect(text).toContain(first.join(' ').split(' ')[0]!);
    expect(first).toEqual(
      await chapterPlayer.locator('[aria-current="true"]').evaluate((e) => (e.textContent ?? '').match(/[\p{L}\p{N}]+/gu)),
    );
    await lookAt(page, 'read-aloud-chapter-audio');
    // It moves on with the audio: the next sentence lit, the one the player's list marks.
    await expect.poll(async () => (await lit()).join(' '), { timeout: 15_000 }).not.toBe(first.join(' '));
    expect((await lit()).length).toBeGreaterThan(0);
  }, 180_000);
});
