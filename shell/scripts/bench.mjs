#!/usr/bin/env node
/**
 * Web platform benchmark against the budgets in docs/architecture.md and issue 12:
 *   build_s                          all five packages built for production from scratch (dists deleted first)
 *   shell_initial_kib_gz             JS the browser loads for /app/sign-in (guest), gzip
 *   largest_fragment_initial_kib_gz  largest fragment's own initial JS (remoteEntry + ./spa sync chunks), gzip
 *   library_fetched_kib_gz           EVERY file the browser fetches on a first load of /app/library (signed in):
 *                                    HTML, JS, CSS, fonts, manifests, registry, API answers; listed by file
 *   reader_fetched_kib_gz            the same for a first load of a reader page (/app/library/<id>)
 *   reader_first_page_ms             click on the long article's link -> its first page's word spans present and focusable
 *   page_turn_ms                     PageDown or ] -> the next page's word spans present and focusable, + next frame
 *   mark_word_ms                     key press on a focused word -> every occurrence on the page has the new class, + next frame
 * Sizes: a file the server sends uncompressed (serve-composed.mjs, like the API's static files, does
 * not compress) is gzipped by the bench at level 9; a compressed one counts as served (lib/fetched.mjs).
 * Browser figures are medians of RUNS runs (min-max shown), in Debian's Chromium with the mocked /api
 * of check-composed.mjs (a 5,000-word article the reader shows in pages of about 250 words).
 * Prints a table and the file listings, then as its LAST line one JSON object: the figures, and
 * `targets`, `met`, `min`, `max` keyed by figure.
 *   npm run bench -w @verba/shell      (node shell/scripts/bench.mjs)
 *   node shell/scripts/bench.mjs --no-build   reuse the existing dists (build_s is then null)
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, recordLoadedJs, startComposedServer } from './lib/browser.mjs';
import { listing, recordFetched, totals } from './lib/fetched.mjs';
import { createMockApi, LONG_ARTICLE_ID, LONG_ARTICLE_LINK } from './lib/mock-api.mjs';
import { markWordMeasured, mostFrequentKey, openArticleMeasured, turnPageMeasured } from './lib/reader-perf.mjs';
import { FRAGMENTS, fragmentOwnInitial, gzKiBOfServed, KiB, root } from './lib/sizes.mjs';

const RUNS = 5;
const PORT = 8094;
const BASE = `http://127.0.0.1:${PORT}`;
/** Upper limits; null = reported, no target set. */
const TARGETS = {
  reader_first_page_ms: 150,
  page_turn_ms: 50,
  mark_word_ms: 50,
  library_fetched_kib_gz: 200,
  reader_fetched_kib_gz: null,
  shell_initial_kib_gz: 150,
  largest_fragment_initial_kib_gz: 60,
  build_s: 90,
};
const round1 = (n) => Math.round(n * 10) / 10;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const stats = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs), runs: xs });
const log = (line) => console.log(line);

// ---- 1. build from scratch ------------------------------------------------------------------
const PACKAGES = ['shell', ...FRAGMENTS.map((n) => `mfe-${n}`)];
let buildS = null;
if (process.argv.includes('--no-build')) {
  log('--no-build: measuring the existing dists');
} else {
  for (const folder of PACKAGES) rmSync(path.join(root, folder, 'dist'), { recursive: true, force: true });
  log(`building ${PACKAGES.join(', ')} for production (dists deleted; node scripts/build-web.mjs)...`);
  const buildStart = process.hrtime.bigint();
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  buildS = Number(process.hrtime.bigint() - buildStart) / 1e9;
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(`build failed (exit ${build.status}${build.error ? `, ${build.error.message}` : ''})`);
    process.exit(1);
  }
  log(`built in ${buildS.toFixed(1)} s`);
}

// ---- 2. fragment sizes (from the manifests, as report-sizes.mjs) ----------------------------
const fragments = FRAGMENTS.map((name) => ({ name, ...fragmentOwnInitial(name) }));
const largest = fragments.reduce((a, b) => (b.bytes > a.bytes ? b : a));

// ---- 3. browser -----------------------------------------------------------------------------
const server = await startComposedServer(PORT);
const browser = await launchChromium();
let shellInitial;
const firstPage = [];
const firstPageWall = [];
const turns = [];
const marks = [];
const libraryTotals = [];
let libraryFiles;
let readerFiles;
let readerLoaded;
let articlePages;
const errors = [];
const unmocked = new Set();
try {
  const newPage = async (api) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'verba_csrf', value: 'csrf-token-1', url: BASE }]);
    const page = await context.newPage();
    await page.route('**/api/**', api.handle);
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page };
  };

  // Shell initial JS: a guest lands on the sign-in page (as check-composed.mjs measures it).
  {
    const { context, page } = await newPage(createMockApi());
    const js = recordLoadedJs(page);
    await page.goto(`${BASE}/app/library`);
    await page.waitForURL('**/app/sign-in');
    await page.getByRole('heading', { name: 'Sign in to Verba' }).waitFor();
    await page.waitForLoadState('networkidle');
    shellInitial = { kib: gzKiBOfServed(js.paths), files: js.paths.length };
    await context.close();
  }

  // Library, reader, page turns: each run in a fresh context (cold HTTP cache, first visit). The
  // library list is loaded and idle (everything it fetched is recorded), then the article link is
  // clicked; on its first page, PageDown, then ] on the second.
  let last;
  for (let run = 0; run < RUNS; run++) {
    if (last) await last.context.close();
    const api = createMockApi({ signedIn: true });
    last = { ...(await newPage(api)), api };
    const { page } = last;
    const js = recordLoadedJs(page);
    const fetched = recordFetched(page);
    await page.goto(`${BASE}/app/library`);
    const link = page.getByRole('link', { name: LONG_ARTICLE_LINK });
    await link.waitFor();
    await page.waitForLoadState('networkidle');
    const files = await fetched.files();
    libraryFiles ??= files;
    libraryTotals.push(totals(files).kib);
    // Cross-check: the reader's own JS the browser fetched for the library = the manifest's set.
    readerLoaded ??= js.paths.filter((p) => p.startsWith('/fragments/reader/')).map((p) => p.slice('/fragments/reader/'.length));
    const opened = await openArticleMeasured(page, link);
    articlePages = opened.pages;
    firstPage.push(opened.ms);
    firstPageWall.push(opened.wallMs);
    await page.waitForLoadState('networkidle');
    for (const key of ['PageDown', ']']) turns.push({ key, ...(await turnPageMeasured(page, key)) });
    for (const k of api.unmocked) unmocked.add(k);
  }

  // Mark word: on the last run's page, its most frequent word alternately Known (3) and Uncertain (2).
  const { page } = last;
  await page.waitForLoadState('networkidle');
  const key = await mostFrequentKey(page);
  for (let run = 0; run < RUNS; run++) {
    const [press, className] = run % 2 === 0 ? ['3', 'w w--known'] : ['2', 'w w--uncertain'];
    const saved = page.waitForResponse((r) => r.url().includes('/api/dictionary/word'));
    const result = await markWordMeasured(page, { key, press, className });
    await saved;
    marks.push({ key, ...result });
  }
  await last.context.close();

  // A reader page loaded directly (a bookmark, a shared link): everything it fetches.
  {
    const api = createMockApi({ signedIn: true });
    const { context, page } = await newPage(api);
    const fetched = recordFetched(page);
    await page.goto(`${BASE}/app/library/${LONG_ARTICLE_ID}`);
    await page.locator('.rd-pager__where').waitFor();
    await page.waitForLoadState('networkidle');
    readerFiles = await fetched.files();
    for (const k of api.unmocked) unmocked.add(k);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}

// ---- 4. report ------------------------------------------------------------------------------
const reader = stats(firstPage);
const turn = stats(turns.map((t) => t.ms));
const mark = stats(marks.map((m) => m.ms));
const library = stats(libraryTotals);
const readerKiB = totals(readerFiles).kib;
const results = {
  reader_first_page_ms: round1(reader.median),
  page_turn_ms: round1(turn.median),
  mark_word_ms: round1(mark.median),
  library_fetched_kib_gz: round1(library.median),
  reader_fetched_kib_gz: round1(readerKiB),
  shell_initial_kib_gz: round1(shellInitial.kib),
  largest_fragment_initial_kib_gz: round1(largest.bytes / KiB),
  build_s: buildS === null ? null : round1(buildS),
};
const spread = { reader_first_page_ms: reader, page_turn_ms: turn, mark_word_ms: mark, library_fetched_kib_gz: library };
const met = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v === null || TARGETS[k] === null ? null : v <= TARGETS[k]]));
const fmtRuns = (s) => `min ${s.min.toFixed(1)} / max ${s.max.toFixed(1)}; runs ${s.runs.map((x) => x.toFixed(1)).join(', ')}`;
const reader0 = fragments.find((f) => f.name === 'reader');
const sameAsLoaded = [...readerLoaded].sort().join() === [...reader0.files].sort().join();
const rows = [
  ['reader_first_page_ms', `median of ${RUNS}, click on the link of the 5,000-word article -> page 1 of ${articlePages} (about 250 words a page) interactive; ${fmtRuns(reader)} (Node wall clock median ${median(firstPageWall).toFixed(0)})`],
  ['page_turn_ms', `median of ${turns.length} (PageDown 1->2 and ] 2->3 per run, ${turns.map((t) => t.words).join('/')} words); ${fmtRuns(turn)}`],
  ['mark_word_ms', `median of ${RUNS}, key press on "${marks[0].key}" (${marks[0].count} occurrences on the page, repainted synchronously: ${marks.every((m) => m.syncUpdated) ? 'yes' : 'no'}); ${fmtRuns(mark)}`],
  ['library_fetched_kib_gz', `median of ${RUNS} first loads of /app/library signed in, every file (listed below); ${fmtRuns(library)}`],
  ['reader_fetched_kib_gz', `first load of /app/library/<id>, every file (listed below); no target set`],
  ['shell_initial_kib_gz', `${shellInitial.files} JS files loaded for /app/sign-in (guest)`],
  ['largest_fragment_initial_kib_gz', `mfe-${largest.name}: ${largest.files.join(' + ')}; ${fragments.map((f) => `${f.name} ${(f.bytes / KiB).toFixed(1)}`).join(', ')}; reader files fetched by the browser ${sameAsLoaded ? 'match' : `DIFFER: ${readerLoaded.join(' + ')}`}`],
  ['build_s', 'shell + 4 fragments, sequential, production, dists deleted first'],
];
const unit = (name) => (name.endsWith('_ms') ? 'ms' : name.endsWith('_s') ? 's' : 'KiB');
log('');
log(`${'metric'.padEnd(33)} ${'value'.padStart(10)} ${'target'.padStart(12)}  result  notes`);
log('-'.repeat(110));
for (const [name, note] of rows) {
  const value = results[name];
  const verdict = met[name] === null ? 'n/a ' : met[name] ? 'PASS' : 'MISS';
  const target = TARGETS[name] === null ? '-' : `<= ${TARGETS[name]} ${unit(name)}`;
  log(`${name.padEnd(33)} ${`${value === null ? '-' : value.toFixed(1)} ${unit(name)}`.padStart(10)} ${target.padStart(12)}  ${verdict}    ${note}`);
}
log('');
log(listing('Fetched on the first load of /app/library (run 1)', libraryFiles));
log('');
log(listing('Fetched on the first load of a reader page', readerFiles));
if (unmocked.size) log(`unmocked API calls (answered 404): ${[...unmocked].join(', ')}`);
if (errors.length) log(`page errors: ${errors.join(' | ')}`);
const pick = (field) => Object.fromEntries(Object.entries(spread).map(([k, s]) => [k, round1(s[field])]));
log(JSON.stringify({ ...results, targets: TARGETS, met, min: pick('min'), max: pick('max') }));
