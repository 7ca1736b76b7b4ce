/* global document, window, performance, requestAnimationFrame, MutationObserver -- only inside page.evaluate / waitForFunction, i.e. in the browser */
/**
 * The reader's two speed measurements, taken with the Performance API inside the page (so the
 * numbers exclude the DevTools-protocol round trips of the driver). Shared by check-composed.mjs
 * and bench.mjs.
 */

export const TEXT = '.rd-text';

export const PAGER = '.rd-pager__where';

/**
 * Defines, in the page, `window.__verbaPageState()`: the reader's current page if its words are all in
 * the DOM and focusable (tabindex set, rendered), else null; `{ page, pages, words, first }` with
 * first = the first word span. (A function defined through the driver, so no eval under a CSP.)
 */
function definePageState({ text, pager }) {
  window.__verbaPageState = () => {
    const where = document.querySelector(pager);
    const spans = document.querySelectorAll(`${text} [data-key]`);
    if (!where || spans.length === 0) return null;
    for (const span of spans) if (!span.hasAttribute('tabindex') || span.getClientRects().length === 0) return null;
    const m = /Page (\d+) of (\d+)/.exec(where.textContent);
    return m ? { page: Number(m[1]), pages: Number(m[2]), words: spans.length, first: spans[0] } : null;
  };
}

const installPageState = (page) => page.evaluate(definePageState, { text: TEXT, pager: PAGER });

/** The same `window.__verbaPageState()` in every document the context opens (for loads measured from navigation). */
export const installPageStateOnEveryPage = (context) => context.addInitScript(definePageState, { text: TEXT, pager: PAGER });

/**
 * Clicks `link` (a locator of the article link) and measures, in the page, from the click event's
 * dispatch (capture listener on document) to the frame in which the first page's word spans are in
 * the DOM and focusable. (React commits a page's text at once, so "some spans and the pager" is the
 * whole page.) Returns { ms, wallMs, words, pages }: wallMs is the same span seen from Node.
 */
export async function openArticleMeasured(page, link) {
  await installPageState(page);
  await page.evaluate(() => {
    window.__verbaClickAt = undefined;
    document.addEventListener('click', () => (window.__verbaClickAt = performance.now()), { capture: true, once: true });
  });
  const wallStart = Date.now();
  await link.click();
  const ready = await page.waitForFunction(
    () => {
      const s = window.__verbaPageState();
      return s && s.page === 1 ? { at: performance.now(), clickAt: window.__verbaClickAt, words: s.words, pages: s.pages } : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const wallMs = Date.now() - wallStart;
  const { at, clickAt, words, pages } = await ready.jsonValue();
  await ready.dispose();
  if (typeof clickAt !== 'number') throw new Error('the click on the article link was not seen in the page');
  return { ms: at - clickAt, wallMs, words, pages };
}

/**
 * Presses `key` (PageDown or `]`) with focus outside the text and measures, in the page, from the
 * keydown's dispatch (capture listener on window) until the next page's words are all in the DOM and
 * focusable, plus the next requestAnimationFrame (the frame that paints them). Returns { ms, page, words }.
 */
export async function turnPageMeasured(page, key) {
  await installPageState(page);
  await page.evaluate(() => {
    const before = window.__verbaPageState();
    if (!before) throw new Error('the reader shows no page');
    if (before.page >= before.pages) throw new Error('already on the last page');
    document.activeElement?.blur();
    window.__verbaTurn = new Promise((resolve, reject) => {
      window.addEventListener(
        'keydown',
        () => {
          const start = performance.now();
          let done = false;
          const check = () => {
            const now = window.__verbaPageState();
            if (done || !now || now.page !== before.page + 1 || now.first === before.first) return;
            done = true;
            observer.disconnect();
            clearTimeout(timer);
            requestAnimationFrame(() => resolve({ ms: performance.now() - start, page: now.page, words: now.words }));
          };
          // Every DOM change is looked at as it happens (a mutation observer runs before the next frame).
          const observer = new MutationObserver(check);
          observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
          const timer = setTimeout(() => {
            observer.disconnect();
            reject(new Error(`page ${before.page + 1} did not appear within 5 s`));
          }, 5000);
        },
        { capture: true, once: true },
      );
    });
  });
  await page.keyboard.press(key);
  return page.evaluate(() => window.__verbaTurn);
}

/** The word key that occurs most often on the current page (the mark-word measurement repaints all of them). */
export const mostFrequentKey = (page) =>
  page.evaluate((text) => {
    const counts = new Map();
    for (const span of document.querySelectorAll(`${text} [data-key]`))
      counts.set(span.dataset.key, (counts.get(span.dataset.key) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0][0];
  }, TEXT);

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
