import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SHOTS, seriousA11yViolations, signIn, skipReason, startVerba, type Verba } from './support/verba';

/** "Gutenberg und die Folgen" (services/data/demo/articles/29-…): 504 German words, two pages. */
const ARTICLE = 'e94ba4eb-676e-4d42-b99e-947bcc7150b6';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * A finger on the screen from `from` to `to`, through the browser's own touch input (as a phone sends it).
 * A quick swipe is a flick: the browser flings on after it, and (as on any phone) the next tap only stops
 * the fling. `rest` ms of the finger resting at the end before it lifts make it a drag instead.
 */
async function swipe(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  { rest = 0, steps = 10 } = {},
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const at = (t: number) => [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }];
  // Each touch carries the time it happens at, a frame (16 ms) per step, so the page sees the finger's speed
  // the gesture means however slowly a loaded machine delivers the events (a flick read as a slow drag).
  let ms = Date.now();
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: Array<{ x: number; y: number }>) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints, timestamp: ms / 1000 });
  await touch('touchStart', at(0));
  for (let step = 1; step <= steps; step++) {
    ms += 16;
    await touch('touchMove', at(step / steps));
  }
  for (let still = 0; still < rest; still += 50) {
    await new Promise((r) => setTimeout(r, 50));
    ms += 50;
    await touch('touchMove', at(1));
  }
  ms += 16;
  await touch('touchEnd', []);
  await cdp.detach();
}

/**
 * Where things are on screen: the panel's top, the sticky header's bottom, the selected word and the sentence
 * around it. The sentence is found from the page's text, as the reader's translation in context cuts it (at
 * . ! ? … or a line break), and measured as the text's own rectangles.
 */
const geometry = (page: Page) =>
  page.evaluate(() => {
    const union = (rects: DOMRect[]) => ({
      top: Math.min(...rects.map((r) => r.top)),
      bottom: Math.max(...rects.map((r) => r.bottom)),
      left: Math.min(...rects.map((r) => r.left)),
      right: Math.max(...rects.map((r) => r.right)),
    });
    const text = document.querySelector('.rd-text')!;
    const selected = [...text.querySelectorAll('[data-sel]')];
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) nodes.push(walker.currentNode as Text);
    const content = nodes.map((n) => n.data).join('');
    // The selected word's offset in the page's text.
    let offset = 0;
    for (const node of nodes) {
      if (selected[0]?.contains(node)) break;
      offset += node.data.length;
    }
    const end = /[.!?…\n]/;
    let from = offset;
    while (from > 0 && !end.test(content.charAt(from - 1))) from--;
    while (/\s/.test(content.charAt(from))) from++;
    let to = offset;
    while (to < content.length && !end.test(content.charAt(to))) to++;
    const position = (at: number): [Text, number] => {
      for (const node of nodes) {
        if (at <= node.data.length) return [node, at];
        at -= node.data.length;
      }
      throw new Error('offset past the text');
    };
    const range = document.createRange();
    range.setStart(...position(from));
    range.setEnd(...position(Math.min(to + 1, content.length)));
    const panel = document.querySelector('.rd-panel');
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
      panel: panel ? union([panel.getBoundingClientRect()]) : null,
      word: union(selected.map((s) => s.getBoundingClientRect())),
      sentence: union([...range.getClientRects()]),
      sentenceText: range.toString(),
    };
  });

const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe.skipIf(!!skipReason)(`the reader on a phone (390x844, touch) in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let phone: BrowserContext;
  let page: Page;
  const words = () => page.locator('.rd-text [data-key]');
  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

  beforeAll(async () => {
    verba = await startVerba();
    phone = await verba.browser.newContext(PHONE);
    page = await phone.newPage();
    await signIn(page, verba.base, verba.learner);
  }, 180_000);

  afterAll(async () => verba?.stop());

  async function openArticle(): Promise<void> {
    await page.goto(`${verba.base}/app/library/${ARTICLE}`);
    await words().first().waitFor();
    await page.waitForLoadState('networkidle'); // banners above the article move it down as they arrive
  }

  /** The first word whose middle is at least `y` px down the screen (the word was at y=572). */
  const wordAtLeast = (y: number) =>
    words().evaluateAll(
      (els, y) =>
        els.findIndex((e) => {
          const r = e.getBoundingClientRect();
          return r.top + r.height / 2 >= y;
        }),
      y,
    );

  it('opens the panel on a tap with the word and its sentence in sight, big tap targets, no keyboard hints, and closes it with a swipe down', async () => {
    await openArticle();
    expect(await page.locator('.rd-panel').count(), 'no panel before a word is tapped').toBe(0);
    await shot('phone-reader-closed');

    const i = await wordAtLeast(572);
    const tapped = words().nth(i);
    const word = (await tapped.innerText()).trim();
    await tapped.tap();
    const panel = page.locator('.rd-panel');
    await panel.locator('.rd-panel__word', { hasText: word }).waitFor();
    await panel.locator('.rd-translation__text, .rd-translation__none').first().waitFor();

    // The panel slides up to the screen's bottom edge, and the text scrolls (smoothly) until the word and
    // its sentence are between the header and the panel.
    await expect
      .poll(
        async () => {
          const g = await geometry(page);
          const room = { top: g.headerBottom, bottom: g.panel!.top };
          const inside = (b: Box) => b.top >= room.top && b.bottom <= room.bottom && b.left >= 0 && b.right <= g.viewport.width;
          return { settled: Math.abs(g.panel!.bottom - g.viewport.height) < 1, word: inside(g.word), sentence: inside(g.sentence) };
        },
        { timeout: 5000 },
      )
      .toEqual({ settled: true, word: true, sentence: true });
    const g = await geometry(page);
    console.log(
      `tapped "${word}" at y≥572; panel ${Math.round(g.panel!.top)}–${Math.round(g.panel!.bottom)}, sentence ${Math.round(g.sentence.top)}–${Math.round(g.sentence.bottom)}: "${g.sentenceText.trim()}"`,
    );
    // As tall as its content needs, at most 60% of the screen.
    expect(g.panel!.bottom - g.panel!.top).toBeLessThanOrEqual(0.6 * 844 + 1);
    await shot('phone-reader-open');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A phone has no keyboard: no shortcut hints anywhere in the reader.
    const reader = page.locator('.rd-reader');
    expect(
      await reader
        .getByText(/keyboard|arrow keys|shift\+|tab into/i)
        .filter({ visible: true })
        .count(),
    ).toBe(0);

    // Every button and link of the reader (panel, marks, pages, rating, the links above the text) is a
    // 44x44 px target at least. The words are inline text, which WCAG 2.5.8 leaves at the text's size.
    const small = await reader.evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('a[href], button, summary, [role="button"]:not(.w)')]
        .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
        .map((e) => ({
          name: e.getAttribute('aria-label') ?? e.textContent?.trim(),
          width: Math.round(e.getBoundingClientRect().width),
          height: Math.round(e.getBoundingClientRect().height),
        }))
        .filter((e) => e.width < 44 || e.height < 44),
    );
    expect(small).toEqual([]);

    // The counts (New / Uncertain / Known) take their own room: no word of the text lies under them.
    const counts = await page.locator('.rd-counts').boundingBox();
    const wordBoxes = await words().evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box));
    const countsBox = { top: counts!.y, bottom: counts!.y + counts!.height, left: counts!.x, right: counts!.x + counts!.width };
    expect(wordBoxes.filter((b) => intersects(b, countsBox))).toEqual([]);

    // Dragged down by its top edge, the panel closes; so it does when flicked down.
    const top = g.panel!.top;
    await swipe(page, { x: 195, y: top + 12 }, { x: 195, y: top + 260 }, { rest: 200 });
    await expect.poll(() => page.locator('.rd-panel').count()).toBe(0);
    await words().nth(i).tap();
    await expect.poll(async () => (await geometry(page)).panel?.bottom).toBeCloseTo(844, 0); // slid all the way in
    const reopened = (await geometry(page)).panel!.top;
    await swipe(page, { x: 195, y: reopened + 12 }, { x: 195, y: reopened + 100 }, { steps: 4 });
    await expect.poll(() => page.locator('.rd-panel').count()).toBe(0);
    await page.waitForTimeout(1500); // the fling after the flick ends
    // The visible close control closes it too.
    await words().nth(i).tap();
    await page.getByRole('button', { name: 'Close the word panel' }).tap();
    await expect.poll(() => page.locator('.rd-panel').count()).toBe(0);
  }, 120_000);

  it('turns pages with a swipe on the text, left for the next and right for the previous', async () => {
    await openArticle();
    const where = page.locator('.rd-pager__where');
    await page.getByText('Page 1 of 2').waitFor();
    const firstWord = await words().first().innerText();
    const box = (await page.locator('.rd-text').boundingBox())!;
    const y = Math.min(box.y + box.height / 2, 600);
    await swipe(page, { x: 330, y }, { x: 60, y: y + 10 });
    await expect.poll(() => where.innerText()).toBe('Page 2 of 2');
    expect(await words().first().innerText()).not.toBe(firstWord);
    expect(await page.locator('.rd-panel').count(), 'a swipe is no tap').toBe(0);
    await swipe(page, { x: 60, y }, { x: 330, y });
    await expect.poll(() => where.innerText()).toBe('Page 1 of 2');
    expect(await words().first().innerText()).toBe(firstWord);
    await page.locator('.rd-footer').scrollIntoViewIfNeeded();
    await shot('phone-reader-footer');
    // A vertical swipe scrolls the page and turns nothing.
    await swipe(page, { x: 200, y: 700 }, { x: 210, y: 300 });
    await page.waitForTimeout(300);
    expect(await where.innerText()).toBe('Page 1 of 2');
  }, 60_000);

  it('marks a word Known and looks words up, by taps, with the panel clear of toasts', async () => {
    await openArticle();
    const tapped = words().nth(await wordAtLeast(500));
    const key = (await tapped.getAttribute('data-key'))!;
    await tapped.tap();
    const panel = page.locator('.rd-panel');
    await panel.getByRole('button', { name: 'Known', exact: true }).tap();
    await expect
      .poll(() =>
        page.locator(`.rd-text [data-key="${key}"]`).evaluateAll((els) => [...new Set(els.map((e) => e.className.replace(' ', '.')))]),
      )
      .toEqual(['w.w--known']);
    expect(await panel.getByRole('button', { name: 'Known', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Look-ups: another word's translation in context, then the sentence's.
    const other = words().nth(await wordAtLeast(300));
    await other.tap();
    await panel.locator('.rd-panel__word', { hasText: (await other.innerText()).trim() }).waitFor();
    await panel.locator('.rd-translation__text').first().waitFor();
    await panel.getByRole('button', { name: 'Translate the sentence' }).tap();
    await panel.getByText('Word-by-word gloss', { exact: true }).waitFor();
    // The panel scrolls inside when its content is taller than 60% of the screen.
    const sheet = (await panel.boundingBox())!;
    expect(sheet.height).toBeLessThanOrEqual(0.6 * 844 + 1);

    // The card's toast does not cover the panel.
    await panel.getByRole('button', { name: 'Add to flashcards' }).tap();
    const toast = page.locator('.vk-toast').first();
    await toast.waitFor();
    const t = (await toast.boundingBox())!;
    const p = (await panel.boundingBox())!;
    expect(
      intersects(
        { top: t.y, bottom: t.y + t.height, left: t.x, right: t.x + t.width },
        { top: p.y, bottom: p.y + p.height, left: p.x, right: p.x + p.width },
      ),
    ).toBe(false);
    await shot('phone-reader-toast');
  }, 60_000);

  it('on a desktop, keeps toasts off the side panel', async () => {
    const desktop = await verba.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await signIn(desktop, verba.base, verba.learner);
    await desktop.goto(`${verba.base}/app/library/${ARTICLE}`);
    const word = desktop.locator('.rd-text [data-key]').nth(7);
    await word.click();
    const panel = desktop.locator('.rd-panel');
    await panel.locator('.rd-translation__text').first().waitFor();
    await panel.getByRole('button', { name: 'Translate the sentence' }).click();
    await panel.getByText('Word-by-word gloss', { exact: true }).waitFor();
    expect(await panel.getByText('Keyboard shortcuts').isVisible(), 'a desktop keeps its keyboard help').toBe(true);
    await panel.getByRole('button', { name: 'Add to flashcards' }).click();
    const toast = desktop.locator('.vk-toast').first();
    await toast.waitFor();
    const t = (await toast.boundingBox())!;
    const p = (await panel.boundingBox())!;
    await desktop.screenshot({ path: path.join(SHOTS, 'desktop-reader-toast.png') });
    expect(
      intersects(
        { top: t.y, bottom: t.y + t.height, left: t.x, right: t.x + t.width },
        { top: p.y, bottom: p.y + p.height, left: p.x, right: p.x + p.width },
      ),
    ).toBe(false);
    await desktop.close();
  }, 60_000);
});
