import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { look, onboard, signIn, signUpVerified, skipReason, startVerba, type Verba } from './support/verba';

/**
 * Analytics from the log, in Chromium. Two new learners of Spanish (a language nobody else on this server
 * learns) read an article each, mark words, one completes a chapter, and both spend time; the admin's
 * analytics pages then show exactly that history: Spanish figures as the test counts them, and this
 * month's statistics (every language) moved by exactly as much from what they showed before.
 */
const today = () => new Date().toISOString().slice(0, 10);
/** As the pages show seconds: hours to one decimal (spec §9). */
const hours = (seconds: number) => (seconds / 3600).toFixed(1);
const VIEWPORT = { width: 1280, height: 900 };

const isTime = (r: Request) => r.method() === 'PATCH' && r.url().endsWith('/api/user/time');

/**
 * The seconds a page sends with PATCH /api/user/time that the server accepted, and the languages they were
 * sent for; `total` waits for those in flight.
 */
function timeSent(page: Page) {
  let seconds = 0;
  let pending = 0;
  const languages = new Set<string>();
  page.on('request', (r) => void (isTime(r) && pending++));
  page.on('requestfailed', (r) => void (isTime(r) && pending--));
  page.on('requestfinished', async (r) => {
    if (!isTime(r)) return;
    const sent = JSON.parse(r.postData() ?? '{}') as { seconds: number; languageCode?: string };
    if ((await r.response())?.status() === 200) seconds += sent.seconds;
    languages.add(sent.languageCode ?? 'current');
    pending--;
  });
  return {
    languages,
    async total() {
      await expect.poll(() => pending, { timeout: 15_000 }).toBe(0);
      return seconds;
    },
  };
}

/** What one learner did, as the analytics should count it. */
interface Learned {
  uid: string;
  words: number;
  chapters: number;
  seconds: number;
}

describe.skipIf(!!skipReason)(`analytics journey in Chromium ${skipReason}`, () => {
  let verba: Verba;

  beforeAll(async () => {
    verba = await startVerba();
  }, 180_000);
  afterAll(async () => verba?.stop());

  /**
   * A new learner of Spanish reads the library's `article`-th article and marks `words` of its words Known,
   * completes the first chapter of the course when `chapter`, sends `seconds` more seconds of learning time
   * (as the pages send it), and leaves for the dashboard. Returns what analytics should count.
   */
  async function learnSpanish(name: string, o: { article: number; words: number; chapter: boolean; seconds: number }): Promise<Learned> {
    const page = await (await verba.browser.newContext({ viewport: VIEWPORT })).newPage();
    const time = timeSent(page);
    await signUpVerified(page, verba.base, { email: `${name.toLowerCase()}-${Date.now()}@example.org`, password: 'an analytics secret 1' });
    await onboard(page, 'Spanish', 'A1', name);
    const { uid } = await page.evaluate(() => fetch('/api/user').then((r) => r.json() as Promise<{ uid: string }>));

    await page.getByRole('link', { name: 'Read', exact: true }).click();
    const links = page.locator('a[href^="/app/library/"]');
    await links.first().waitFor();
    const articles = [...new Set(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!)))];
    const read = page.waitForResponse((r) => r.url().endsWith('/api/articles/totalReads'));
    await page.locator(`a[href="${articles[o.article]}"]`).first().click();
    expect((await read).status()).toBe(200);
    const words = page.locator('.rd-text [data-key]');
    await words.first().waitFor();
    const keys = [...new Set(await words.evaluateAll((els) => els.map((e) => e.getAttribute('data-key')!)))].slice(0, o.words);
    for (const key of keys) {
      await page.locator(`.rd-text [data-key="${key}"]`).first().click();
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/dictionary/word'));
      await page.getByRole('button', { name: 'Known', exact: true }).click();
      expect((await saved).status()).toBe(200);
    }
    await page.waitForTimeout(2000); // a couple of seconds on the page, so the reader has time to send

    if (o.chapter) {
      await page.getByRole('link', { name: 'Learn', exact: true }).click();
      await page.getByRole('heading', { name: 'Español con Verba' }).waitFor();
      await page.getByRole('link', { name: 'Start learning' }).click();
      const completed = page.waitForResponse((r) => r.url().endsWith('/api/courses/progress/add'));
      await page.getByRole('button', { name: 'Complete chapter' }).click();
      expect((await completed).status()).toBe(200);
      await page.getByRole('heading', { name: 'Mi familia', level: 1 }).waitFor(); // on to the next chapter
      await page.waitForTimeout(2000);
    }

    // Time spent learning on another device, sent as the pages send it (the CSRF cookie echoed in its header).
    const status = await page.evaluate(async (seconds) => {
      const csrf = decodeURIComponent(/(?:^|; )verba_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const body = JSON.stringify({ seconds, languageCode: 'es' });
      return (
        await fetch('/api/user/time', { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-verba-csrf': csrf }, body })
      ).status;
    }, o.seconds);
    expect(status).toBe(200);
    // Leaving the learning page sends the visible seconds that are left.
    await page.getByRole('link', { name: 'Start', exact: true }).first().click();
    await page.waitForURL('**/app/dashboard');
    const seconds = await time.total();
    expect(seconds - o.seconds).toBeGreaterThanOrEqual(o.chapter ? 4 : 2); // what the reader (and chapter) pages sent
    expect([...time.languages]).toEqual(['es']);
    await page.context().close();
    return { uid, words: keys.length, chapters: o.chapter ? 1 : 0, seconds };
  }

  /** The language picker (not the "Per language" chart, whose name has the word too). */
  const pickLanguage = (page: Page, code: string) => page.getByRole('combobox', { name: /^Language/ }).selectOption(code);
  /** The cells of every body row of the page's analytics table. */
  const rows = (page: Page) =>
    page
      .locator('.an-table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  /** An admin API answer, read as the signed-in admin's page reads it. */
  const api = <T>(page: Page, url: string) => page.evaluate((u) => fetch(u).then((r) => r.json() as Promise<T>), url);
  /** The lines of the CSV the page offers for download. */
  async function csvLines(page: Page): Promise<string[]> {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    return readFileSync((await (await download).path())!, 'utf8').split('\r\n');
  }

  it('two learners of Spanish read, mark words, complete a chapter and spend time; every analytics page shows exactly that', async () => {
    const admin = await (await verba.browser.newContext({ viewport: VIEWPORT })).newPage();
    await signIn(admin, verba.base, verba.admin, /\/app\/(dashboard|onboarding)/);
    type Month = {
      period: string;
      activeUsers: number;
      newUsers: number;
      returningUsers: number;
      midTermInactiveUsers: number;
      longTermInactiveUsers: number;
      reads: number;
      chapters: number;
      reviews: number;
      timeSpent: number;
    };
    const thisMonth = async () => (await api<{ rows: Month[] }>(admin, '/api/admin/analytics/monthly-statistics')).rows.at(-1)!;
    // Before: this month's statistics once the seeded demo learner's onboarding is in them.
    await expect.poll(async () => (await thisMonth()).newUsers, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const before = await thisMonth();

    const ana = await learnSpanish('Ana', { article: 0, words: 2, chapter: true, seconds: 1800 });
    const ben = await learnSpanish('Ben', { article: 1, words: 1, chapter: false, seconds: 3000 });
    const total = ana.seconds + ben.seconds;
    // The projection follows the log: wait until the last fact (Ben's last seconds) is in the figures.
    await expect
      .poll(
        async () =>
          (await api<{ languages: { timeSpent: number }[] }>(admin, '/api/admin/analytics/languages?language=es')).languages[0]!.timeSpent,
        { timeout: 30_000 },
      )
      .toBe(total);

    await admin.goto(`${verba.base}/app/admin/analytics`);
    await admin.getByRole('heading', { name: 'Analytics' }).waitFor();
    await look(admin, 'admin-analytics');

    // Language analytics, Spanish: users, premium, active, new, reads, articles, chapters, distinct chapters, hours, averages.
    await admin.getByRole('link', { name: 'Language analytics' }).click();
    await admin.getByRole('heading', { name: 'Language analytics' }).waitFor();
    await pickLanguage(admin, 'es');
    const spanish = ['Spanish', '2', '0', '2', '2', '2', '2', '1', '1', hours(total), '1', hours(Math.round((total / 2) * 100) / 100)];
    await expect.poll(() => rows(admin)).toEqual([spanish]);
    expect(await admin.locator('.an-chart .recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(3);
    expect((await csvLines(admin))[1]).toBe(spanish.join(','));
    await look(admin, 'admin-language-analytics');

    // User analytics, Spanish: each learner's words, reads, chapters and time, active today.
    await admin.getByRole('link', { name: 'User analytics' }).click();
    await admin.getByRole('heading', { name: 'User analytics' }).waitFor();
    await pickLanguage(admin, 'es');
    const learner = (l: Learned) => [l.uid, 'Spanish', String(l.words), '0', '1', String(l.chapters), '0', '0', hours(l.seconds), today()];
    await expect
      .poll(async () => (await rows(admin)).sort((a, b) => a[0]!.localeCompare(b[0]!)))
      .toEqual([learner(ana), learner(ben)].sort((a, b) => a[0]!.localeCompare(b[0]!)));
    expect(await admin.getByText('2 users and languages').count()).toBe(1);
    expect(await admin.locator('.an-chart .recharts-bar-rectangle').count()).toBe(2);
    await look(admin, 'admin-user-analytics');
    // A range that ends before it starts is said in place and not asked for: the table stays as it was.
    await admin.getByLabel('From').fill('2099-01-01');
    expect(await admin.getByRole('alert').innerText()).toBe('The start date must be on or before the end date');
    expect(await rows(admin)).toHaveLength(2);
    await look(admin, 'admin-user-analytics-bad-range');

    // Historical analytics, Spanish, per day: today's row.
    await admin.getByRole('link', { name: 'Historical analytics' }).click();
    await admin.getByRole('heading', { name: 'Historical analytics' }).waitFor();
    await pickLanguage(admin, 'es');
    const day = [today(), '2', '2', '0', '0', '0', '2', '1', '0', hours(total)];
    await expect.poll(async () => (await rows(admin)).find((r) => r[0] === today())).toEqual(day);
    expect(await admin.locator('.an-chart .recharts-line-curve').count()).toBe(5);
    await admin.getByRole('button', { name: /^Reads/ }).click();
    expect(await admin.getByRole('columnheader', { name: /^Reads/ }).getAttribute('aria-sort')).toBe('ascending');
    expect((await rows(admin)).at(-1)).toEqual(day); // the only day with reads comes last
    expect(await csvLines(admin)).toContain(day.join(','));
    await look(admin, 'admin-historical-analytics');

    // Monthly statistics, every language: this month moved by exactly the two learners' history.
    await admin.getByRole('link', { name: 'Monthly statistics' }).click();
    await admin.getByRole('heading', { name: 'Monthly statistics' }).waitFor();
    const month = [
      before.period.slice(0, 7),
      ...[
        before.activeUsers + 2,
        before.newUsers + 2,
        before.returningUsers,
        before.midTermInactiveUsers,
        before.longTermInactiveUsers,
        before.reads + 2,
        before.chapters + 1,
        before.reviews,
      ].map(String),
      hours(before.timeSpent + total),
    ];
    await expect.poll(async () => (await rows(admin)).find((r) => r[0] === month[0])).toEqual(month);
    expect(await admin.locator('.an-chart .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await admin.getByRole('button', { name: /^Active/ }).click();
    expect(await admin.getByRole('columnheader', { name: /^Active/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(await csvLines(admin)).toContain(month.join(','));
    await look(admin, 'admin-monthly-statistics');
  }, 300_000);

  it("a learner marks words; their dashboard shows words known, the level hint and today's bar in the words-per-day chart", async () => {
    const learner = await (await verba.browser.newContext({ viewport: VIEWPORT })).newPage();
    await signIn(learner, verba.base, verba.learner);
    await learner.goto(`${verba.base}/app/library`);
    await learner.locator('a[href^="/app/library/"]').first().click();
    const words = learner.locator('.rd-text [data-key]');
    await words.first().waitFor();
    await words.nth(0).click();
    await learner.getByRole('button', { name: /^Known/ }).click();
    await learner.locator('.rd-text .w--known').first().waitFor();

    // Same tab: the dashboard's read carries the position of that mark, so it is in the figures at once.
    await learner.getByRole('link', { name: 'Start' }).first().click();
    await learner.waitForURL('**/app/dashboard');
    const progress = learner.getByRole('region', { name: 'Your progress' });
    await progress.waitFor();
    const figure = (name: string) =>
      progress
        .locator('.sh-progress__figure', { has: learner.getByText(name, { exact: true }) })
        .locator('dd')
        .first();
    expect(await figure('Words known').innerText()).toBe('1'); // the demo learner's one mark on this fresh server
    expect(await figure('Level hint').innerText()).toBe('A1 · Elementary');
    expect(await progress.getByText(/ of 800 word families for the next level$/).count()).toBe(1);
    expect(await figure('Streak').innerText()).toBe('1 day');
    // The header's circle is the learner's level: the A2 the demo learner chose, above the dictionary's A1 hint.
    expect(await learner.locator('.sh-level-badge').innerText()).toContain('A2');
    const bar = learner.locator(`.sh-chart__bar[data-day="${today()}"]`);
    expect(Number(await bar.getAttribute('height'))).toBeGreaterThan(0);
    expect(await learner.getByRole('img', { name: 'Words marked per day over the last 30 days: 1 in all.' }).count()).toBe(1);
    await look(learner, 'learner-dashboard-progress');
  }, 120_000);
});
