import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROOT, SHOTS, seriousA11yViolations, signIn, skipReason, startVerba, type Verba } from './support/verba';

const LONG_ARTICLE = 'Das unsichtbare Netz unter dem Waldboden'; // 389 words: two pages
const UNSAVED = 'You have unsaved changes. Are you sure you want to leave this page?';
const BOOK = path.join(ROOT, 'services/test-support/contexts/library/fixtures/drei-geschichten.epub');
/** A LUTE term export (Terms.csv) of three German words and one Spanish one. */
const LUTE_TERMS =
  'term,parent,translation,language,tags,added,status,link_status,pronunciation\nZelt,,tent,German,,2024-01-02,5,,\nSterne,,stars,German,,2024-01-02,2,,\nMond,,moon,German,,2024-01-02,99,,\ngato,,cat,Spanish,,2024-01-02,1,,\n';

describe.skipIf(!!skipReason)(`library journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let page: Page;
  /** Any alert/confirm/prompt that opens (an XSS payload would); the unsaved-changes prompt is in-page. */
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

  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
  const rows = () => page.locator('.rd-table tbody tr');

  it('browses the library as a table (default) and as cards, and filters it', async () => {
    await page.getByRole('link', { name: 'Read' }).click();
    await rows().first().waitFor();
    expect(await page.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    expect(await rows().count()).toBeGreaterThanOrEqual(4);
    // Every article shows its difficulty label for this reader: estimated, for the demo learner (A2, no marks yet).
    expect(await page.locator('.rd-table .rd-difficulty').count()).toBe(await rows().count());
    expect((await page.locator('.rd-table .rd-difficulty').allInnerTexts()).every((label) => label.startsWith('Estimated: '))).toBe(true);
    await shot('library-table.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cards' }).click();
    await page.locator('.rd-card').first().waitFor();
    expect(await page.locator('.rd-table').count()).toBe(0);
    expect(await page.locator('a[href^="/app/library/"]').count()).toBeGreaterThanOrEqual(4);
    await shot('library-cards.png');
    // The choice is kept.
    await page.reload();
    await page.locator('.rd-card').first().waitFor();
    await page.getByRole('button', { name: 'Table' }).click();
    await rows().first().waitFor();

    await page.getByLabel('Level').selectOption('B2');
    await expect.poll(async () => [...new Set(await page.locator('.rd-table tbody td:nth-child(3)').allInnerTexts())]).toEqual(['B2']);
    expect(await rows().allInnerTexts()).toContainEqual(expect.stringContaining(LONG_ARTICLE));
    await page.getByLabel('Level').selectOption('');
    await page.getByLabel('Search by title').fill('Bäckerei');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByLabel('Search by title').fill('kein solcher Titel');
    await page.getByRole('heading', { name: 'No articles match these filters' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(20);

    // Verba's series: each opens the library filtered to its parts, first part first.
    await page.getByRole('link', { name: 'Series', exact: true }).click();
    const series = page.locator('.rd-series__item').filter({ has: page.getByRole('heading', { name: 'Neu in Berlin' }) });
    await series.getByText('3 articles · Verba').waitFor();
    await shot('series-list.png');
    await series.getByRole('link', { name: 'Show articles' }).click();
    await expect.poll(() => rows().allInnerTexts()).toEqual([1, 2, 3].map((part) => expect.stringContaining(`Neu in Berlin (${part})`)));
    await shot('library-series.png');
    await page.goto(`${verba.base}/app/library`);
    await rows().first().waitFor();
  }, 60_000);

  it('reads: translates a word and a phrase, plays a word, marks words, marks the rest of the page known, and reopens at the bookmark', async () => {
    await page.getByRole('link', { name: LONG_ARTICLE }).click();
    await page.getByText('Page 1 of 2').waitFor();
    const words = page.locator('.rd-text [data-key]');

    // A word, translated in its sentence.
    await words.nth(1).click();
    await page.locator('.rd-translation__text').first().waitFor();
    expect((await page.locator('.rd-translation__text').first().innerText()).trim()).not.toBe('');
    // Played with the user's voice: espeak-ng compiled to WebAssembly (no espeak-ng on the server's PATH).
    const tts = page.waitForResponse((r) => r.url().endsWith('/api/tts'));
    await page.getByRole('button', { name: /^Listen to/ }).click();
    // The first call loads the engine (a fraction of a second): usually still "Playing…" for the picture.
    await Promise.race([
      page
        .getByRole('button', { name: /^Listen to/ })
        .getByText('Playing…')
        .waitFor(),
      tts,
    ]);
    await shot('reader-speaking.png');
    const audio = await tts;
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/wav');
    expect(Number(audio.headers()['content-length'])).toBeGreaterThan(10_000); // a spoken word, not an empty file
    expect(await page.getByText('Error synthesizing speech').count()).toBe(0);
    expect(await page.getByText('Speech is unavailable on this server').count()).toBe(0);
    // Marked Known: every occurrence on the page repaints.
    const key = (await words.nth(1).getAttribute('data-key'))!;
    await page.getByRole('button', { name: 'Known', exact: true }).click();
    expect(await page.locator(`.rd-text [data-key="${key}"]`).evaluateAll((els) => [...new Set(els.map((e) => e.className))])).toEqual([
      'w w--known',
    ]);

    // A phrase (shift+click), translated with the multi-word prompt and added as a card.
    await words.nth(0).click();
    await words.nth(2).click({ modifiers: ['Shift'] });
    await page.getByText('3 words selected').waitFor();
    await page.locator('.rd-translation__text').first().waitFor();
    await page.getByRole('button', { name: 'Add to flashcards' }).click();
    await page.getByRole('button', { name: 'In your flashcards' }).waitFor();
    await shot('reader-light.png');

    // Turning the page with "mark the rest known": one PATCH, then page 2.
    const patch = page.waitForResponse((r) => r.url().endsWith('/api/dictionary') && r.request().method() === 'PATCH');
    const bookmark = page.waitForResponse((r) => r.url().endsWith('/api/articles/bookmark') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Mark the rest of this page as known' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect((await patch).status()).toBe(200);
    expect((await bookmark).status()).toBe(200);
    await page.keyboard.press('PageUp');
    await page.getByText('Page 1 of 2').waitFor();
    // Every New word but those looked up and left New (the phrase's first and last word, issue 38.4) is Known now.
    const lookedUp = [await words.nth(0).getAttribute('data-key'), await words.nth(2).getAttribute('data-key')].filter((k) => k !== key);
    const stillNew = await page.locator('.rd-text .w--new').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect([...new Set(stillNew)].sort()).toEqual([...new Set(lookedUp)].sort());
    await page.keyboard.press(']');
    await page.getByText('Page 2 of 2').waitFor();
    await page.waitForLoadState('networkidle');

    // Leave, and come back (a fresh load): the bookmark reopens page 2.
    const url = page.url();
    await page.getByRole('link', { name: '← Library' }).click();
    await rows().first().waitFor();
    await page.goto(url);
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.locator('.rd-text [data-key]').nth(3).click();
    await page.locator('.rd-translation__text, .rd-translation__none, .rd-translation__error').first().waitFor();
    await shot('reader-dark.png');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  }, 90_000);

  it('creates a series and a private article in it; leaving the edit page with changes asks first', async () => {
    await page.goto(`${verba.base}/app/library`);
    await page.getByRole('link', { name: 'Series', exact: true }).click();
    await page.getByRole('link', { name: 'Create series' }).click();
    await page.getByLabel(/^Title/).fill('Meine Geschichten');
    await page.getByRole('button', { name: 'Create series' }).click();
    await page.waitForURL('**/app/series');
    await page.getByRole('heading', { name: 'Meine Geschichten' }).waitFor();

    await page.goto(`${verba.base}/app/library`);
    await page.getByRole('link', { name: 'Add article' }).click();
    await page.getByLabel(/^Title/).fill('Mein erster Text');
    await page.getByLabel(/^Text/).fill('Der Hund läuft in den Wald. Die Katze schläft.');
    await page.getByLabel(/^Series/).selectOption({ label: 'Meine Geschichten' });
    await page.getByRole('button', { name: 'Add article' }).click();
    await page.getByRole('heading', { name: 'Mein erster Text' }).waitFor();

    await page.getByRole('link', { name: 'Edit article' }).click();
    await page.getByLabel(/^Title/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel(/^Title/).fill('Mein erster Text, geändert');
    await page.getByRole('link', { name: '← Library' }).click();
    const prompt = page.getByRole('alertdialog');
    await prompt.getByText(UNSAVED).waitFor();
    await page.waitForTimeout(250); // the dialog's fade-in, for the screenshot
    await shot('unsaved-changes.png');
    await prompt.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/app/edit-article');
    expect(await page.getByLabel(/^Title/).inputValue()).toBe('Mein erster Text, geändert');
    // The browser's back button is held too.
    await page.goBack();
    await prompt.getByText(UNSAVED).waitFor();
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((u) => u.pathname !== '/app/edit-article');

    // The new article is in the library, in its series, private.
    await page.goto(`${verba.base}/app/library`);
    await page.getByLabel('Show').selectOption('mine');
    await expect
      .poll(() => rows().allInnerTexts())
      .toEqual([expect.stringMatching(/Mein erster Text[\s\S]*Private[\s\S]*Meine Geschichten/)]);
    expect(dialogs).toEqual([]);
  }, 60_000);

  it('renders stored script and image payloads inert in the library, the reader and the admin views', async () => {
    const payload = '<script>alert("xss-script")</script><img src=x onerror="alert(\'xss-img\')">';
    await page.goto(`${verba.base}/app/add-article`);
    await page.getByLabel(/^Title/).fill(`Böse ${payload} Falle`);
    await page.getByLabel(/^Text/).fill(`Der Hund ${payload} läuft. <b onmouseover="alert('xss-b')">fett</b>`);
    await page.getByRole('button', { name: 'Add article' }).click();
    await page.locator('.rd-text [data-key]').first().waitFor();

    const inert = () =>
      page.evaluate(() => ({
        scripts: Array.from(document.scripts).filter((s) => s.textContent?.includes('xss')).length,
        images: document.querySelectorAll('img[src="x"]').length,
        handlers: document.querySelectorAll('[onerror], [onmouseover]').length,
      }));
    await page.locator('.rd-text [data-key]').first().hover();
    expect(await inert()).toEqual({ scripts: 0, images: 0, handlers: 0 });

    await page.getByRole('link', { name: '← Library' }).click();
    await page.getByLabel('Show').selectOption('mine');
    // In the list itself: the article, just read, is also among the "Recently read" above it.
    const listed = page.locator('.rd-table, .rd-cards').getByRole('link', { name: /Böse/ });
    await listed.waitFor();
    await page.getByRole('button', { name: 'Cards' }).click();
    await listed.waitFor();
    expect(await inert()).toEqual({ scripts: 0, images: 0, handlers: 0 });
    await page.waitForTimeout(300); // an onerror would have fired by now
    expect(dialogs).toEqual([]);
    await page.getByRole('button', { name: 'Table' }).click();

    // The author flags it for approval; an admin reviews it in the admin area, where it is inert too.
    const id = await listed.evaluate((a) => a.getAttribute('href')!.split('/').pop()!);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'verba_csrf')!.value;
    const flagged = await page.request.post(`${verba.base}/api/articles/add-flagged`, {
      headers: { 'x-verba-csrf': csrf },
      data: { articleIds: [id] },
    });
    expect(flagged.status()).toBe(200);
    const context = await verba.browser.newContext();
    const admin = await context.newPage();
    admin.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(admin, verba.base, verba.admin, /\/app\/(dashboard|onboarding)/);
    await admin.goto(`${verba.base}/app/admin/library/approve-articles`);
    // The flag may land in the read model a moment after the request: reload until it is listed.
    for (let attempt = 0; ; attempt++) {
      if (
        await admin
          .getByRole('listitem', { name: /Böse/ })
          .waitFor({ timeout: 2000 })
          .then(
            () => true,
            () => false,
          )
      )
        break;
      if (attempt === 5) {
        await admin.screenshot({ path: path.join(SHOTS, 'debug-admin.png') });
        throw new Error(`the flagged article never reached the admin list: ${await admin.locator('main').innerText()}`);
      }
      await admin.reload();
    }
    expect(await admin.getByRole('heading', { name: /Böse/ }).textContent()).toMatch(/^Böse .*Falle$/);
    await admin.getByRole('listitem', { name: /Böse/ }).hover();
    await admin.waitForTimeout(300);
    const inAdmin = await admin.evaluate(() => ({
      scripts: Array.from(document.scripts).filter((s) => s.textContent?.includes('xss')).length,
      images: document.querySelectorAll('img[src="x"]').length,
      handlers: document.querySelectorAll('[onerror], [onmouseover]').length,
    }));
    expect(inAdmin).toEqual({ scripts: 0, images: 0, handlers: 0 });
    expect(dialogs).toEqual([]);
    await admin.screenshot({ path: path.join(SHOTS, 'admin-approve-articles.png'), fullPage: true });
    await context.close();
  }, 90_000);

  it('imports an EPUB into a private series with progress shown, exports the cards, and imports a word list into the dictionary', async () => {
    await page.goto(`${verba.base}/app/add-article`);
    await page.getByRole('tab', { name: 'Import text, file or web page' }).click();
    await page.getByLabel('A file (.txt, .epub, .srt, .vtt or .pdf)').check();
    await page.getByLabel(/^File/).setInputFiles(BOOK);
    await page.getByLabel('Category').selectOption('Fiction');
    await page.getByLabel('Level').selectOption('A2');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('import-page.png');
    // The upload is held back a moment, so the progress is on screen long enough to see.
    await page.route('**/api/articles/import/file', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /Uploading|Reading the text|Creating articles/ })
      .waitFor();
    await shot('import-progress.png');
    await page.waitForURL('**/app/library?seriesId=*');
    await page.unroute('**/api/articles/import/file');
    // A series opens in reading order: the book's chapters as they come.
    await expect
      .poll(() => rows().allInnerTexts())
      .toEqual([
        expect.stringMatching(/Der Morgen[\s\S]*Private[\s\S]*Drei kleine Geschichten/),
        expect.stringMatching(/Der Mittag/),
        expect.stringMatching(/Der Abend/),
      ]);
    await shot('import-series.png');
    await page.getByRole('link', { name: 'Der Morgen' }).click();
    await page.locator('.rd-text [data-key]').first().waitFor();
    expect(await page.locator('.rd-text').innerText()).toContain('Die Sonne geht über dem See auf.');

    // Cards out: the phrase saved in the reader, as an Anki package.
    await page.goto(`${verba.base}/app/practice-portal/flashcards`);
    await page.getByRole('heading', { name: /^Export your/ }).waitFor();
    await shot('flashcards-export.png');
    // The package is built with sql.js (WebAssembly, loaded on the first export): on a loaded CI machine the
    // download once took over 30 s to start.
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByRole('link', { name: 'Export to Anki (.apkg)' }).click();
    const apkg = await download;
    expect(apkg.suggestedFilename()).toMatch(/^verba-flashcards-de-\d{4}-\d{2}-\d{2}\.apkg$/);
    expect(
      readFileSync(await apkg.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    // Words in: a LUTE export, previewed with counts, then saved.
    await page.goto(`${verba.base}/app/library`);
    await page.getByRole('link', { name: 'My words' }).click();
    await page.getByRole('heading', { name: 'My words' }).waitFor();
    await page
      .getByLabel('Word list (.csv or .tsv)')
      .setInputFiles({ name: 'Terms.csv', mimeType: 'text/csv', buffer: Buffer.from(LUTE_TERMS) });
    const counts = page.getByRole('list', { name: 'What the import changes' });
    await counts.waitFor();
    expect(await counts.getByRole('listitem').first().innerText()).toMatch(/^\d+ new words? marked Known$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('dictionary-import-preview.png');
    const uncertain = page.locator('.rd-dictionary__counts div', { hasText: 'Uncertain' }).locator('dd');
    const before = Number(await uncertain.innerText());
    await page.getByRole('button', { name: /^Import \d+ words?$/ }).click();
    await page
      .getByText(/words? imported$/)
      .first()
      .waitFor();
    await counts.waitFor({ state: 'detached' });
    // Sterne was new and is Uncertain now: the counts are read again.
    await expect.poll(async () => Number(await uncertain.innerText())).toBe(before + 1);
    await shot('dictionary-imported.png');
    expect(dialogs).toEqual([]);
  }, 180_000);

  // Last: it uses up the demo learner's monthly allowance of 50 pronunciations.
  it('tells a free user over the monthly text-to-speech limit, in the reader', async () => {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'verba_csrf')!.value;
    let over = 0;
    for (let i = 0; i < 60 && over === 0; i++) {
      const res = await page.request.post(`${verba.base}/api/tts`, {
        headers: { 'x-verba-csrf': csrf },
        data: { text: `Wort Nummer ${i}`, voiceId: 'Marlene' },
      });
      if (res.status() === 403) over = i;
      else expect(res.status()).toBe(200);
    }
    expect(over).toBeGreaterThan(0); // the allowance ran out within 50 new phrases
    await page.goto(`${verba.base}/app/library`);
    await page.locator('a[href^="/app/library/"]').first().click();
    const words = page.locator('.rd-text [data-key]');
    await words.nth(3).click();
    await page.getByRole('button', { name: /^Listen to/ }).click();
    await page
      .getByText('You have reached your monthly limit of 50 translations. Upgrade to Master for unlimited pronunciations.')
      .waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'reader-tts-limit.png') });
  }, 90_000);
});
