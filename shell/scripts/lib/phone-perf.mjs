/* global document, window, performance, navigator, PerformanceObserver -- only inside page.evaluate / waitForFunction, i.e. in the browser */
/**
 * Page loads on an emulated phone (issue 36), for bench.mjs: Largest Contentful Paint and the time to
 * the page's content being usable, measured in the page from navigation start (performance.now()).
 *
 * The phone: 390x844 CSS px at 3x, isMobile and hasTouch, CPU slowed down 4x
 * (CDP Emulation.setCPUThrottlingRate), on Chrome DevTools' "Fast 3G" profile
 * (CDP Network.emulateNetworkConditions). Chrome adds the latency to every request (it does not
 * model TCP or TLS handshakes) and shares the throughput between parallel requests.
 */
import { installPageStateOnEveryPage } from './reader-perf.mjs';

/** DevTools' Fast 3G: 562.5 ms round trip, 1.6 Mbps * 0.9 down, 750 kbps * 0.9 up. */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
export const CPU_SLOWDOWN = 4;
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** A phone context; its pages can tell when the reader's first page is interactive. */
export async function newPhoneContext(browser) {
  const context = await browser.newContext(PHONE);
  await installPageStateOnEveryPage(context);
  return context;
}

/** When a page counts as ready, evaluated in the page on every frame: performance.now() once ready, else false. */
export const READY = {
  /** The library's list shows the article whose link text matches `arg` (a RegExp source). */
  list: (source) => [...document.querySelectorAll('a')].some((a) => new RegExp(source).test(a.textContent)) && performance.now(),
  /** The reader's first page: its word spans present and focusable (reader-perf.mjs). */
  firstPage: () => window.__verbaPageState?.()?.page === 1 && performance.now(),
};

/**
 * Opens `url` in a new throttled page of `context`, waits for `ready` (a READY function, with `arg`)
 * and for the network to settle, then reads the LCP. Returns
 * { readyMs, lcp: { ms, element } | null, fcpMs, controlled, waterfall } and closes the page.
 * controlled: a service worker answered the page; waterfall: every request, by start time.
 */
export async function phoneVisit(context, url, ready, arg) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(ready, arg, { polling: 'raf', timeout: 90_000 });
    const readyMs = await handle.jsonValue();
    await handle.dispose();
    await page.waitForLoadState('networkidle');
    return { readyMs, ...(await page.evaluate(readPaints)), waterfall: await page.evaluate(readWaterfall) };
  } finally {
    await page.close();
  }
}

/** In the page: the last LCP candidate (buffered entries), first contentful paint, service worker control. */
function readPaints() {
  const describe = (e) => {
    if (!e) return 'removed from the page';
    const text = (e.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(' ')[0]}` : ''}${text ? ` "${text}"` : ''}`;
  };
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const controlled = Boolean(navigator.serviceWorker?.controller);
  return new Promise((resolve) => {
    const done = (lcp) => resolve({ lcp, fcpMs: fcp ? fcp.startTime : null, controlled });
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      done(last ? { ms: last.startTime, element: describe(last.element) } : null);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => done(null), 5000);
  });
}

/** In the page: every request from navigation start, { path, start, end, kib } (kib transferred; 0 = from cache). */
function readWaterfall() {
  const row = (e) => {
    const u = new URL(e.name);
    return { path: u.pathname + u.search, start: e.startTime, end: e.responseEnd, kib: e.transferSize / 1024 };
  };
  return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
    .map(row)
    .sort((a, b) => a.start - b.start);
}

/** The waterfall as report lines: start-end ms, transferred KiB (or "cache"), path. */
export function waterfallLines(waterfall) {
  return waterfall.map((r) => {
    const size = r.kib === 0 ? 'cache' : `${r.kib.toFixed(1)} KiB`;
    return `  ${r.start.toFixed(0).padStart(6)} - ${r.end.toFixed(0).padStart(6)} ms  ${size.padStart(9)}  ${r.path}`;
  });
}
