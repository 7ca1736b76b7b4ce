import type { Page } from 'playwright-core';

/** Phone screens the product is tried at (issue 36): a small Android, the narrowest supported, an iPhone. */
export const PHONE = { width: 360, height: 740 } as const;
export const NARROWEST = { width: 320, height: 640 } as const;
export const IPHONE = { width: 390, height: 844 } as const;

export interface Overflow {
  /** The document's own width: above innerWidth, the whole page scrolls sideways. */
  scrollWidth: number;
  innerWidth: number;
  /** Visible elements reaching past the screen's edges, outside any scrolling container that fits it (outermost first, a few). */
  offenders: string[];
}

/**
 * What sticks out of the screen on the current page. An element counts when it is rendered (a box with an
 * area, not visibility:hidden) and its box ends right of the screen or starts left of it, unless an ancestor
 * that fits the screen clips or scrolls it sideways (overflow-x auto/scroll/hidden/clip): a wide table in a
 * scrolling wrapper is fine, a visually hidden element clipped to 1 px is fine. Only the outermost offender
 * of each branch is named.
 */
export function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const fits = (r: DOMRect) => r.right <= width + 0.5 && r.left >= -0.5;
    const clipsX = (el: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const name = (el: Element) => {
      const r = el.getBoundingClientRect();
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${cls}> ${Math.round(r.left)}..${Math.round(r.right)} "${text}"`;
    };
    const reported = new Set<Element>();
    const offenders: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || fits(r)) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      let contained = false;
      let outerOffender = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (reported.has(a)) outerOffender = true;
        if (clipsX(a) && fits(a.getBoundingClientRect())) {
          contained = true;
          break;
        }
      }
      if (contained) continue;
      reported.add(el);
      if (!outerOffender && offenders.length < 6) offenders.push(name(el));
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, offenders };
  });
}

/** Waits for the page's heading (the not-found page has an h2 only) and for every spinner to go (fragments, lazy chunks and data loaded). */
export async function settle(page: Page): Promise<void> {
  await page.locator('#main h1, #main h2').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('.vk-spinner').length === 0, undefined, { timeout: 20_000 });
  // Fonts, images and late layout (charts, lists measured after mount) settle within a frame or two.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The contrast ratio of two CSS colours (WCAG 2), from their computed rgb()/rgba() strings; alpha is ignored. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
