/* global document, window, performance, requestAnimationFrame, MutationObserver -- only inside page.evaluate / waitForFunction, i.e. in the browser */
/**
 * The reader's two speed measurements, taken with the Performance API inside the page (so the
 * numbers exclude the DevTools-protocol round trips of the driver). Shared by check-composed.mjs
 * and bench.mjs.
 */

export const TEXT = '.rd-text';

/**
 * Clicks `link` (a locator of the article link) and measures, in the page, from the click event's
 * dispatch (capture listener on document) to the frame in which all `words` word spans are in the
 * DOM and focusable (tabindex attribute set, rendered). Returns { ms, wallMs }: wallMs is the same
 * span seen from Node (Date.now() around the click and the wait), for reference.
 */
export async function openArticleMeasured(page, link, words) {
  await page.evaluate(() => {
    window.__verbaClickAt = undefined;
    document.addEventListener('click', () => (window.__verbaClickAt = performance.now()), { capture: true, once: true });
  });
  const wallStart = Date.now();
  await link.click();
  const ready = await page.waitForFunction(
    ({ text, words }) => {
      const spans = document.querySelectorAll(`${text} [data-key]`);
      if (spans.length !== words) return false;
      for (const span of spans) {
        if (!span.hasAttribute('tabindex') || span.getClientRects().length === 0) return false;
      }
      return { at: performance.now(), clickAt: window.__verbaClickAt };
    },
    { text: TEXT, words },
    { polling: 'raf', timeout: 30_000 },
  );
  const wallMs = Date.now() - wallStart;
  const { at, clickAt } = await ready.jsonValue();
  await ready.dispose();
  if (typeof clickAt !== 'number') throw new Error('the click on the article link was not seen in the page');
  return { ms: at - clickAt, wallMs };
}

/**
 * Focuses the first occurrence of `key` in the text, presses `press` (a real key press through
 * page.keyboard) and measures, in the page, from the keydown's dispatch (capture listener on window)
 * until every occurrence has `className`, plus the next requestAnimationFrame (the frame that paints it).
 * Returns { ms, count, syncUpdated }: syncUpdated = every occurrence already had the class when
 * the keydown finished dispatching (the handler repaints synchronously).
 */
export async function markWordMeasured(page, { key, press, className }) {
  await page.evaluate(
    async ({ text, key, className }) => {
      const all = [...document.querySelectorAll(`${text} [data-key="${key}"]`)];
      if (all.length === 0) throw new Error(`no occurrence of "${key}" in the text`);
      const done = () => all.every((e) => e.className === className);
      if (done()) throw new Error(`"${key}" already has class ${className}`);
      all[0].focus();
      await new Promise((r) => requestAnimationFrame(() => r()));
      window.__verbaMark = new Promise((resolve, reject) => {
        let start = 0;
        let syncUpdated = false;
        const finish = () => requestAnimationFrame(() => resolve({ ms: performance.now() - start, count: all.length, syncUpdated }));
        window.addEventListener(
          'keydown',
          () => {
            start = performance.now();
            const observer = new MutationObserver(() => {
              if (!done()) return;
              observer.disconnect();
              clearTimeout(timer);
              finish();
            });
            observer.observe(document.querySelector(text), { subtree: true, attributes: true, attributeFilter: ['class'] });
            const timer = setTimeout(() => {
              observer.disconnect();
              reject(new Error(`not every occurrence of "${key}" got ${className} within 5 s`));
            }, 5000);
          },
          { capture: true, once: true },
        );
        // Bubble phase on window: after React's handler on its root.
        window.addEventListener('keydown', () => (syncUpdated = done()), { once: true });
      });
    },
    { text: TEXT, key, className },
  );
  await page.keyboard.press(press);
  return page.evaluate(() => window.__verbaMark);
}
