import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildPdf, pageWithRunningHeads } from '../../services/test-support/contexts/library/pdf';
import { SHOTS, seriousA11yViolations, signIn, skipReason, startVerba, type Verba } from './support/verba';

/** A film's German subtitles: a styled cue, a roll-up repeat of the line before, cues out of order. */
const SRT = [
  '1',
  '00:00:01,000 --> 00:00:03,500',
  '<i>Guten Morgen, Anna! Hast du gut geschlafen?</i>',
  '',
  '3',
  '00:00:07,000 --> 00:00:09,000',
  'Ich habe heute leider keine Zeit für einen Kaffee.',
  '',
  '2',
  '00:00:04,000 --> 00:00:07,000',
  '{\\an8}Wie geht es dir? Wir können in die Stadt gehen.',
  '',
].join('\r\n');

/** Two pages of a report with the paper's name on top, the page number below, a word hyphenated at a line end. */
const PDF = buildPdf([
  pageWithRunningHeads(
    ['Der Wochenmarkt', '', 'Jeden Samstag kommen die Bauern aus dem Umland auf den Mar-', 'kt und verkaufen Gemüse, Käse und Brot.'],
    1,
  ),
  pageWithRunningHeads(['Frau Becker verkauft seit zwanzig Jahren Äpfel und Birnen. Sie sagt, dass der Sommer', 'zu trocken war.'], 2),
]);

describe.skipIf(!!skipReason)(`a learner's own texts and recordings (subtitles, PDF, audio) in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let page: Page;

  beforeAll(async () => {
    verba = await startVerba();
    page = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, verba.base, verba.learner);
  }, 180_000);

  afterAll(async () => verba?.stop());

  /** The subtitle import's reader page, for its recording below. */
  let subtitled = '';

  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, name), fullPage: true });

  /** Imports one file from the add-article page and opens the article it made. */
  async function importFile(name: string, mimeType: string, buffer: Buffer, opens: string) {
    await page.goto(`${verba.base}/app/add-article`);
    await page.getByRole('tab', { name: 'Import text, file or web page' }).click();
    await page.getByLabel('A file (.txt, .epub, .srt, .vtt or .pdf)').check();
    await page.getByLabel(/^File/).setInputFiles({ name, mimeType, buffer });
    await page.getByRole('button', { name: 'Import' }).click();
    // Read on the untrusted pool: on a loaded machine (CI runs suites side by side) a PDF took over 30 s.
    await page.waitForURL(/\/app\/library\/[^/?]+$/, { timeout: 90_000 });
    await page.locator('.rd-text [data-key]').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(opens);
  }

  it('imports subtitles: each cue a line, in time order, styling gone', async () => {
    await importFile('Ein Morgen in Berlin.srt', 'application/x-subrip', Buffer.from(SRT), 'Ein Morgen in Berlin');
    subtitled = page.url();
    const text = await page.locator('.rd-text').innerText();
    expect(text.split('\n').filter((line) => line.trim())).toEqual([
      'Guten Morgen, Anna! Hast du gut geschlafen?',
      'Wie geht es dir? Wir können in die Stadt gehen.',
      'Ich habe heute leider keine Zeit für einen Kaffee.',
    ]);
    expect(text).not.toMatch(/<i>|\\an8/);
    await shot('import-subtitles-reader.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 90_000);

  it('imports a PDF: paragraphs without the running heads, the hyphenated word joined', async () => {
    await importFile('wochenmarkt.pdf', 'application/pdf', Buffer.from(PDF), 'Der Wochenmarkt');
    const text = await page.locator('.rd-text').innerText();
    expect(text).toContain('auf den Markt und verkaufen Gemüse');
    expect(text).toContain('Frau Becker verkauft seit zwanzig Jahren');
    expect(text).not.toMatch(/Deutsche Wirtschaftszeitung|Seite \d/);
    await shot('import-pdf-reader.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 150_000);
  /** The text read aloud by the product's own speech engine (espeak-ng here): a recording of it, as a learner would bring one. */
  const recordingOf = (text: string) =>
    page.evaluate(async (text) => {
      const csrf = /(?:^|; )verba_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/api/tts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-verba-csrf': decodeURIComponent(csrf) },
        body: JSON.stringify({ text, voiceId: 'Hans', speed: 0.9 }),
      });
      if (!res.ok) throw new Error(`tts ${res.status}`);
      return [...new Uint8Array(await res.arrayBuffer())];
    }, text);

  /** Attaches a recording from the reader, and waits for the player. */
  async function attach(bytes: number[]) {
    await page.getByText('Add your own recording').click();
    await page.getByLabel('Recording').setInputFiles({ name: 'aufnahme.wav', mimeType: 'audio/wav', buffer: Buffer.from(bytes) });
    await page.getByRole('region', { name: 'Listen to the article' }).waitFor({ timeout: 60_000 });
  }

  const audioTime = () => page.getByTestId('sentence-audio').evaluate((a: HTMLAudioElement) => a.currentTime);

  it('attaches a recording to the subtitles: a line plays from its cue, and the spoken sentence moves in the text', async () => {
    await page.goto(subtitled);
    await page.locator('.rd-text [data-key]').first().waitFor();
    const text = (await page.locator('.rd-text').innerText()).replace(/\s+/g, ' ').trim();
    await attach(await recordingOf(text));
    const player = page.getByRole('region', { name: 'Listen to the article' });
    // The second cue (4.0 s - 7.0 s) holds two sentences: the first of them starts where the cue does.
    await player.getByRole('button', { name: 'Wie geht es dir?' }).click();
    await expect.poll(audioTime).toBeGreaterThanOrEqual(4);
    expect(await audioTime()).toBeLessThan(4.5);
    const spoken = () => page.locator('.rd-text [data-spoken]').allInnerTexts();
    await expect.poll(spoken).toEqual(['Wie', 'geht', 'es', 'dir']);
    expect(await player.getByRole('button', { name: 'Pause' }).getAttribute('aria-pressed')).toBe('true');
    // Playing on, the next sentence of the cue lights up in the text.
    await expect.poll(spoken, { timeout: 10_000 }).toEqual(['Wir', 'können', 'in', 'die', 'Stadt', 'gehen']);
    await shot('own-recording-subtitles.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 120_000);

  it('attaches a recording to a pasted article and sees it aligned to the sentences', async () => {
    await page.goto(`${verba.base}/app/add-article`);
    await page.getByRole('tab', { name: 'Import text, file or web page' }).click();
    await page.getByLabel('Pasted text').check();
    await page.getByLabel('Title (optional: the first line otherwise)').fill('Im Park');
    const pasted = 'Am Sonntag gehen wir in den Park. Die Kinder spielen mit dem Ball. Danach essen wir ein Eis am See.';
    await page.getByRole('textbox', { name: /^Text/ }).fill(pasted);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/\/app\/library\/[^/?]+$/);
    await page.locator('.rd-text [data-key]').first().waitFor();
    await attach(await recordingOf(pasted));
    const player = page.getByRole('region', { name: 'Listen to the article' });
    const sentences = player.getByRole('listitem');
    expect(await sentences.allInnerTexts()).toEqual([
      'Am Sonntag gehen wir in den Park.',
      'Die Kinder spielen mit dem Ball.',
      'Danach essen wir ein Eis am See.',
    ]);
    // Aligned: each sentence starts later than the one before, inside the recording.
    await player.getByRole('button', { name: 'Die Kinder spielen mit dem Ball.' }).click();
    const second = await audioTime();
    // Word by word: the word being heard is lit in the text as the recording plays (the aligner's word times).
    await page.evaluate(() => {
      const text = document.querySelector('.rd-text')!;
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      new MutationObserver(() => {
        const word = text.querySelector('[data-speaking]')?.textContent;
        if (word && heard.at(-1) !== word) heard.push(word);
      }).observe(text, { attributes: true, attributeFilter: ['data-speaking'], subtree: true });
    });
    const heard = () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
    await player.getByRole('button', { name: 'Danach essen wir ein Eis am See.' }).click();
    const third = await audioTime();
    expect(second).toBeGreaterThan(0.5);
    expect(third).toBeGreaterThan(second + 0.5);
    await expect.poll(heard, { timeout: 10_000 }).toContain('Eis');
    await player.getByRole('button', { name: 'Pause' }).click();
    await shot('own-recording-aligned.png');
    const words = ['Danach', 'essen', 'wir', 'ein', 'Eis', 'am', 'See'];
    // From the click on (words of the second sentence may be lit before it), in the order spoken, none from
    // elsewhere, and most of them (a word under 15 ms may pass unlit).
    const all = await heard();
    const seen = all.slice(all.findLastIndex((w) => !words.includes(w)) + 1);
    expect(seen.filter((w, i) => words.indexOf(w) > words.indexOf(seen[i - 1] ?? ''))).toEqual(seen);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 120_000);
});
