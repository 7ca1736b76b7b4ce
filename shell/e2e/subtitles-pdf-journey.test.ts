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

describe.skipIf(!!skipReason)(`subtitles and PDF journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let page: Page;

  beforeAll(async () => {
    verba = await startVerba();
    page = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, verba.base, verba.learner);
  }, 180_000);

  afterAll(async () => verba?.stop());

  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, name), fullPage: true });

  /** Imports one file from the add-article page and opens the article it made. */
  async function importFile(name: string, mimeType: string, buffer: Buffer, opens: string) {
    await page.goto(`${verba.base}/app/add-article`);
    await page.getByRole('tab', { name: 'Import text, file or web page' }).click();
    await page.getByLabel('A file (.txt, .epub, .srt, .vtt or .pdf)').check();
    await page.getByLabel(/^File/).setInputFiles({ name, mimeType, buffer });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/\/app\/library\/[^/?]+$/);
    await page.locator('.rd-text [data-key]').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(opens);
  }

  it('imports subtitles: each cue a line, in time order, styling gone', async () => {
    await importFile('Ein Morgen in Berlin.srt', 'application/x-subrip', Buffer.from(SRT), 'Ein Morgen in Berlin');
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
  }, 90_000);
});
