import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { comparePositions } from '../kit/src/api/positions';
import { lookAt, signIn, skipReason, startVerba, type Verba } from './support/verba';

/**
 * Issue 38.9, offline reading, the writes: offline, the learner's marks, own meaning and reading progress
 * wait in the service worker's queue with their command ids ("n changes waiting" in the header), the page
 * keeps them (a reload too), and back online they are sent once each; a change the server refuses (the
 * article was deleted meanwhile) is shown with the server's words, never dropped.
 */
describe.skipIf(!!skipReason)(`offline writes journey in Chromium ${skipReason}`, () => {
  let verba: Verba;

  beforeAll(async () => {
    verba = await startVerba();
  }, 240_000);

  afterAll(async () => verba?.stop());

  /** The service worker answers for this page (it claims open pages once it is active). */
  const controlled = async (page: Page) => {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  };
  const statusOf = (page: Page, key: string) =>
    page.locator(`.rd-text [data-key="${key}"]`).evaluateAll((els) => [...new Set(els.map((e) => e.className))]);
  const badge = (page: Page) => page.locator('.sh-offline-badge');

  /** The server's answer to a GET of the signed-in learner, asked from outside the browser (no worker, no cache). */
  const serverRead = async (context: BrowserContext, path: string): Promise<unknown> => {
    const cookie = (await context.cookies(verba.base)).map((c) => `${c.name}=${c.value}`).join('; ');
    const answer = await fetch(`${verba.base}${path}`, { headers: { cookie, accept: 'application/json' } });
    expect(answer.status, path).toBe(200);
    return answer.json();
  };
  /** A write of the signed-in learner from outside the browser (another device): the CSRF cookie echoed. */
  const serverWrite = async (context: BrowserContext, method: string, path: string, body?: unknown) => {
    const cookies = await context.cookies(verba.base);
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const csrf = cookies.find((c) => c.name === 'verba_csrf')?.value ?? '';
    const answer = await fetch(`${verba.base}${path}`, {
      method,
      headers: { cookie, 'x-verba-csrf': csrf, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(answer.status, `${method} ${path}: ${await answer.clone().text()}`).toBeLessThan(300);
    return answer.json() as Promise<Record<string, unknown>>;
  };

  it('keeps 5 marks and a meaning made offline, shows them waiting, and sends each once when the network is back', async () => {
    const context = await verba.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { base } = verba;
    await signIn(page, base, verba.learner);
    await controlled(page);

    // Online: open an article, and look one word up (its translation is kept with the article).
    await page.goto(`${base}/app/library`);
    const link = page.locator('a[href^="/app/library/"]').first();
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    await page.goto(`${base}${href}`);
    const words = page.locator('.rd-text [data-key]');
    await words.first().waitFor();
    const newWords = page.locator('.rd-text [data-key].w--new');
    const keys = [...new Set(await newWords.evaluateAll((els) => els.map((e) => e.getAttribute('data-key')!)))];
    expect(keys.length).toBeGreaterThanOrEqual(7);
    const [looked, ...rest] = keys;
    const marked = rest.slice(0, 5);
    const meant = rest[5]!;
    await page.locator(`.rd-text [data-key="${looked}"]`).first().click();
    const translation = page.locator('.rd-translation__text');
    await translation.waitFor();
    const translated = await translation.innerText();
    await page.waitForLoadState('networkidle');
    const before = (await serverRead(context, '/api/dictionary?languageCode=de')) as { words: Array<{ value: string }> };
    for (const key of marked) expect(before.words.map((w) => w.value)).not.toContain(key);

    // What the worker itself sends from now on (the page's writes it answers are not these).
    const sent: Request[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker() && request.method() !== 'GET' && /\/api\/(dictionary|translation\/meanings)/.test(request.url()))
        sent.push(request);
    });

    // Offline: the article opens from what was kept; 5 words marked Known and a meaning typed.
    await context.setOffline(true);
    await page.reload();
    await words.first().waitFor();
    for (const key of marked) {
      await page.locator(`.rd-text [data-key="${key}"]`).first().click();
      await page.getByRole('button', { name: /^Known/ }).click();
      await expect.poll(() => statusOf(page, key)).toEqual(['w w--known']);
    }
    const meantWord = page.locator(`.rd-text [data-key="${meant}"]`).first();
    const meantText = (await meantWord.innerText()).trim();
    await meantWord.click();
    await page.locator('.rd-panel__word', { hasText: meantText }).waitFor();
    await page.getByRole('button', { name: 'Type your own meaning' }).click();
    await page.getByLabel(`Your meaning of “${meantText}”`).fill('typed on the train');
    await page.getByRole('button', { name: 'Save meaning' }).click();
    await page.locator('.rd-own-meaning__text', { hasText: 'typed on the train' }).waitFor();
    await expect.poll(() => badge(page).innerText()).toBe('6 changes waiting');

    // A reload offline keeps all of it: the marks painted, the meaning there, the badge, and the look-up made online.
    await page.reload();
    await words.first().waitFor();
    for (const key of marked) await expect.poll(() => statusOf(page, key)).toEqual(['w w--known']);
    await expect.poll(() => badge(page).innerText()).toBe('6 changes waiting');
    await page.locator(`.rd-text [data-key="${meant}"]`).first().click();
    await page.locator('.rd-own-meaning__text', { hasText: 'typed on the train' }).waitFor();
    await page.locator(`.rd-text [data-key="${looked}"]`).first().click();
    await page.locator('.rd-translation__text', { hasText: translated }).waitFor();
    await lookAt(page, 'offline-sync-waiting');
    // On a 320 px phone the badge fits the header: no sideways scroll.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await lookAt(page, 'offline-sync-waiting-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Back online: they are sent, the badge goes, and the server holds each once.
    await context.setOffline(false);
    await expect.poll(() => badge(page).innerText(), { timeout: 30_000 }).toBe('');
    // Sent once each: 5 marks and 1 meaning reached the server, none twice.
    const answered = await Promise.all(
      sent.map(async (r) => {
        const response = await r.response();
        const position = response && response.ok() ? ((await response.json()) as { position?: string }).position : undefined;
        return { status: response?.status() ?? 0, body: r.postData() ?? '{}', position };
      }),
    );
    const commandIds = answered
      .filter((a) => a.status > 0 && a.status < 300)
      .map((a) => (JSON.parse(a.body) as { commandId: string }).commandId);
    // Read after the last of them (read-your-writes), as another device of the learner would.
    const last = answered
      .map((a) => a.position)
      .filter((p): p is string => !!p)
      .reduce((a, b) => (comparePositions(b, a) > 0 ? b : a), '0.0');
    expect(last, 'the writes answered where they landed').not.toBe('0.0');
    const after = (await serverRead(context, `/api/dictionary?languageCode=de&minPosition=${last}`)) as {
      words: Array<{ value: string; status: string }>;
    };
    for (const key of marked)
      expect(
        after.words.filter((w) => w.value === key),
        key,
      ).toEqual([{ value: key, status: 'known' }]);
    expect(after.words).toHaveLength(before.words.length + 5);
    const meaning = (await serverRead(
      context,
      `/api/translation/meanings?languageCode=de&word=${encodeURIComponent(meantText)}&minPosition=${last}`,
    )) as { meaning: string | null };
    expect(meaning.meaning).toBe('typed on the train');
    expect(commandIds).toHaveLength(6);
    expect(new Set(commandIds).size).toBe(6);
    await lookAt(page, 'offline-sync-sent');
    await context.close();
  }, 240_000);

  it('shows a change the server refused (the article was deleted meanwhile) until the learner dismisses it', async () => {
    const context = await verba.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { base } = verba;
    await signIn(page, base, verba.learner);
    await controlled(page);

    // The learner's own text of two pages, opened online.
    const sentence = 'Der Hund läuft jeden Morgen mit seiner Familie durch den grünen Park am Fluss. ';
    const created = await serverWrite(context, 'POST', '/api/articles/create', {
      languageCode: 'de',
      name: 'Ein Tag im Park',
      category: 'Travel',
      generalDifficulty: 'A1',
      content: sentence.repeat(30),
      isPrivate: true,
    });
    const articleId = (created['article'] as { id: string }).id;
    await page.goto(`${base}/app/library/${articleId}`);
    await page.locator('.rd-text [data-key]').first().waitFor();
    await page.getByText('Page 1 of 2').waitFor();
    await page.waitForLoadState('networkidle');

    // Offline the learner turns the page: the page and the progress wait.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => badge(page).innerText()).toBe('2 changes waiting');

    // Meanwhile the text is deleted (from another device); back online, the server refuses both.
    await serverWrite(context, 'DELETE', `/api/articles/private/delete?articleId=${articleId}`);
    await context.setOffline(false);
    const alert = page.getByRole('alert').filter({ hasText: 'changes were not saved' });
    await alert.waitFor({ timeout: 30_000 });
    await expect.poll(() => alert.innerText()).toContain('Your page in “Ein Tag im Park”: Article not found');
    expect(await alert.innerText()).toContain('Your progress in “Ein Tag im Park”: Article not found');
    await expect.poll(() => badge(page).innerText()).toBe('');
    await lookAt(page, 'offline-sync-refused');
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await lookAt(page, 'offline-sync-refused-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Still there after a reload: the learner has not read it yet.
    await page.reload();
    await alert.waitFor();
    const refused = page.locator('.sh-offline-refused');
    await refused.getByRole('button', { name: 'Dismiss' }).first().click();
    await expect.poll(() => refused.innerText()).toContain('A change was not saved');
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => refused.count()).toBe(0);
    await context.close();
  }, 240_000);
  it('lists the texts kept offline with their titles, pins one and removes one (what the profile’s OfflineTexts shows)', async () => {
    const context = await verba.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { base } = verba;
    await signIn(page, base, verba.learner);
    await controlled(page);
    /** Asks the worker as OfflineTexts does (or sends a change) and waits for its list. */
    const texts = (message: Record<string, unknown>) =>
      page.evaluate(
        (sent) =>
          new Promise<Array<{ id: string; title: string; openedAt: string | null; pinned: boolean }>>((resolve) => {
            const heard = (event: MessageEvent) => {
              if ((event.data as { type?: string }).type !== 'verba-offline-texts') return;
              navigator.serviceWorker.removeEventListener('message', heard);
              resolve((event.data as { texts: never }).texts);
            };
            navigator.serviceWorker.addEventListener('message', heard);
            navigator.serviceWorker.controller!.postMessage(sent);
          }),
        message,
      );

    await page.goto(`${base}/app/library`);
    const links = page.locator('a[href^="/app/library/"]');
    await links.nth(1).waitFor();
    // Two texts (the learner's last read may be listed twice: continue reading, and in the library).
    const hrefs = [...new Set(await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')!)))].slice(0, 2);
    expect(hrefs).toHaveLength(2);
    const titles: string[] = [];
    for (const href of hrefs) {
      await page.goto(`${base}${href}`);
      await page.locator('.rd-text [data-key]').first().waitFor();
      titles.push((await page.locator('h1').first().innerText()).trim());
      await page.waitForLoadState('networkidle');
    }
    const ids = hrefs.map((href) => href.split('/').pop()!);

    // The one opened last first, each with its title and when it was opened.
    const kept = await texts({ type: 'verba-offline-texts-ask' });
    expect(kept.map(({ id, title, pinned }) => ({ id, title, pinned }))).toEqual([
      { id: ids[1], title: titles[1], pinned: false },
      { id: ids[0], title: titles[0], pinned: false },
    ]);
    for (const text of kept) expect(Date.now() - Date.parse(text.openedAt!)).toBeLessThan(5 * 60_000);

    // Pin the first text; remove the second.
    expect((await texts({ type: 'verba-offline-text-pin', id: ids[0], pinned: true })).find((t) => t.id === ids[0])?.pinned).toBe(true);
    expect((await texts({ type: 'verba-offline-text-drop', id: ids[1] })).map((t) => t.id)).toEqual([ids[0]]);

    // Offline: the removed text is no longer there; the pinned one opens.
    await context.setOffline(true);
    await page.goto(`${base}${hrefs[1]}`);
    await page.getByText('This article is not available offline: open it once while online to read it without a connection.').waitFor({
      timeout: 15_000,
    });
    await page.goto(`${base}${hrefs[0]}`);
    await page.locator('.rd-text [data-key]').first().waitFor();
    await expect.poll(() => page.locator('h1').first().innerText()).toBe(titles[0]);
    await context.setOffline(false);
    await context.close();
  }, 240_000);
});
