#!/usr/bin/env node
/**
 * Web platform benchmark against the budgets in docs/architecture.md:
 *   build_s                          all five packages built for production from scratch (dists deleted first)
 *   shell_initial_kib_gz             JS the browser loads for /app/sign-in, gzip
 *   largest_fragment_initial_kib_gz  largest fragment's own initial JS (remoteEntry + ./spa sync chunks), gzip
 *   reader_interactive_ms            click on the 5,000-word article's link -> every word span present and focusable
 *   mark_word_ms                     key press on a focused word -> every occurrence has the new class, + next frame
 * The browser numbers are medians of RUNS runs (min/max shown), measured in Debian's Chromium with the
 * mocked /api of check-composed.mjs. Prints a table, then as its LAST line one JSON object.
 *   npm run bench -w @verba/shell      (node shell/scripts/bench.mjs)
 *   node shell/scripts/bench.mjs --no-build   reuse the existing dists (build_s is then null)
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, recordLoadedJs, startComposedServer } from './lib/browser.mjs';
import { createMockApi, LONG_ARTICLE_LINK, LONG_ARTICLE_WORDS } from './lib/mock-api.mjs';
import { markWordMeasured, openArticleMeasured } from './lib/reader-perf.mjs';
import { FRAGMENTS, fragmentOwnInitial, gzKiBOfServed, KiB, root } from './lib/sizes.mjs';

const RUNS = 5;
const PORT = 8094;
const BASE = `http://127.0.0.1:${PORT}`;
const TARGETS = { shell_initial_kib_gz: 150, largest_fragment_initial_kib_gz: 60, build_s: 90, reader_interactive_ms: 500, mark_word_ms: 50 };
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
const interactive = [];
const interactiveWall = [];
const marks = [];
const errors = [];
let readerLoaded;
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

  // Reader: each run in a fresh context (cold HTTP cache, first visit of the reader page); the
  // library list is loaded and idle, then the article link is clicked.
  let last;
  for (let run = 0; run < RUNS; run++) {
    if (last) await last.context.close();
    const api = createMockApi({ signedIn: true });
    last = { ...(await newPage(api)), api };
    const { page } = last;
    const js = recordLoadedJs(page);
    await page.goto(`${BASE}/app/library`);
    const link = page.getByRole('link', { name: LONG_ARTICLE_LINK });
    await link.waitFor();
    await page.waitForLoadState('networkidle');
    // Cross-check: the reader's own JS the browser fetched for the library = the manifest's set.
    readerLoaded ??= js.paths.filter((p) => p.startsWith('/fragments/reader/')).map((p) => p.slice('/fragments/reader/'.length));
    const { ms, wallMs } = await openArticleMeasured(page, link, LONG_ARTICLE_WORDS);
    interactive.push(ms);
    interactiveWall.push(wallMs);
  }

  // Mark word: on the last opened article, "hund" alternately Known (3) and Uncertain (2).
  const { page } = last;
  await page.waitForLoadState('networkidle');
  for (let run = 0; run < RUNS; run++) {
    const [press, className] = run % 2 === 0 ? ['3', 'w w--known'] : ['2', 'w w--uncertain'];
    const saved = page.waitForResponse((r) => r.url().includes('/api/dictionary/word'));
    const result = await markWordMeasured(page, { key: 'hund', press, className });
    await saved;
    marks.push(result);
  }
  await last.context.close();
} finally {
  await browser.close();
  server.kill();
}

// ---- 4. report ------------------------------------------------------------------------------
const reader = stats(interactive);
const mark = stats(marks.map((m) => m.ms));
const results = {
  shell_initial_kib_gz: round1(shellInitial.kib),
  largest_fragment_initial_kib_gz: round1(largest.bytes / KiB),
  build_s: buildS === null ? null : round1(buildS),
  reader_interactive_ms: round1(reader.median),
  mark_word_ms: round1(mark.median),
};
const fmtRuns = (s) => `min ${s.min.toFixed(1)} / max ${s.max.toFixed(1)}; runs ${s.runs.map((x) => x.toFixed(1)).join(', ')}`;
const reader0 = fragments.find((f) => f.name === 'reader');
const sameAsLoaded = [...readerLoaded].sort().join() === [...reader0.files].sort().join();
const rows = [
  ['shell_initial_kib_gz', `${shellInitial.files} JS files loaded for /app/sign-in (guest)`],
  ['largest_fragment_initial_kib_gz', `mfe-${largest.name}: ${largest.files.join(' + ')}; ${fragments.map((f) => `${f.name} ${(f.bytes / KiB).toFixed(1)}`).join(', ')}; reader files fetched by the browser ${sameAsLoaded ? 'match' : `DIFFER: ${readerLoaded.join(' + ')}`}`],
  ['build_s', 'shell + 4 fragments, sequential, production, dists deleted first'],
  ['reader_interactive_ms', `median of ${RUNS}, navigation = click on the article link; ${fmtRuns(reader)} (Node wall clock median ${median(interactiveWall).toFixed(0)})`],
  ['mark_word_ms', `median of ${RUNS}, key press on "hund" (${marks[0].count} occurrences, repainted synchronously: ${marks.every((m) => m.syncUpdated) ? 'yes' : 'no'}); ${fmtRuns(mark)}`],
];
const unit = { shell_initial_kib_gz: 'KiB', largest_fragment_initial_kib_gz: 'KiB', build_s: 's', reader_interactive_ms: 'ms', mark_word_ms: 'ms' };
log('');
log(`${'metric'.padEnd(33)} ${'value'.padStart(10)} ${'target'.padStart(12)}  result  notes`);
log('-'.repeat(110));
for (const [name, note] of rows) {
  const value = results[name];
  const verdict = value === null ? 'n/a ' : value <= TARGETS[name] ? 'PASS' : 'MISS';
  log(`${name.padEnd(33)} ${`${value === null ? '-' : value.toFixed(1)} ${unit[name]}`.padStart(10)} ${`<= ${TARGETS[name]} ${unit[name]}`.padStart(12)}  ${verdict}    ${note}`);
}
if (errors.length) log(`page errors: ${errors.join(' | ')}`);
log(JSON.stringify(results));
