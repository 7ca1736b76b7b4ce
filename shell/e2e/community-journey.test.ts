import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SHOTS, seriousA11yViolations, signIn, skipReason, startVerba, type Verba } from './support/verba';

/**
 * The community end to end: a guest reads the public blog (prerendered, with its social card and feed)
 * and a post; a signed-in learner reads the blog inside the app, with library articles in the post's language.
 */
describe.skipIf(!!skipReason)(`community journey in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let guest: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    verba = await startVerba();
    guest = await verba.browser.newContext();
    page = await guest.newPage();
  }, 180_000);

  afterAll(async () => {
    await guest?.close();
    await verba?.stop();
  });

  it('serves the blog landing prerendered, with Open Graph tags and the Atom feed', async () => {
    const html = await (await fetch(`${verba.base}/blog`)).text();
    expect(html).toContain('<meta property="og:title" content="The Verba blog: reading-first language learning"');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml"');
    // The posts are in the HTML itself, before any script runs.
    expect(html).toContain('Flashcards that know when you will forget');
    const post = await (await fetch(`${verba.base}/blog/french-false-friends`)).text();
    expect(post).toContain('<meta property="og:image" content="https://verba.app/api/blog/images/french-false-friends.svg"');
    expect(post).toContain('<td>a bookshop</td>');
    const feed = await fetch(`${verba.base}/api/blog/feed.xml`);
    expect(feed.headers.get('content-type')).toContain('application/atom+xml');
    expect(await feed.text()).toContain('<title type="html"><![CDATA[Why we put reading first]]></title>');
  });

  it('lets a guest read the blog, page through it, filter by tag and open a post', async () => {
    await page.goto(`${verba.base}/blog`);
    await page.getByRole('heading', { level: 1, name: 'Reading-first language learning' }).waitFor();
    await page.getByRole('link', { name: 'Flashcards that know when you will forget' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'blog-landing.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Russian' }).click();
    await page.getByRole('link', { name: 'Cyrillic in a week, by reading' }).waitFor();
    await expect.poll(() => page.locator('.bg-card').count()).toBe(1);
    await page.getByRole('link', { name: 'Cyrillic in a week, by reading' }).click();
    await page.waitForURL('**/blog/russian-cyrillic-in-a-week');
    await page.getByRole('heading', { level: 2, name: 'Stress is the hidden letter' }).waitFor();
    await expect.poll(() => page.title()).toBe('Cyrillic in a week, by reading | Verba blog');
    await page.screenshot({ path: path.join(SHOTS, 'blog-post.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows /app/blog to a learner, with library articles in the post language', async () => {
    const context = await verba.browser.newContext();
    const learner = await context.newPage();
    await signIn(learner, verba.base, verba.learner);
    await learner.goto(`${verba.base}/app/blog`);
    await learner.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await learner.getByRole('link', { name: 'Reading German compound words without fear' }).click();
    await learner.waitForURL('**/app/blog/german-compound-words');
    await learner.getByRole('heading', { name: 'Read next in German' }).waitFor();
    await learner.screenshot({ path: path.join(SHOTS, 'app-blog-post.png'), fullPage: true });
    expect(await seriousA11yViolations(learner)).toEqual([]);
    await context.close();
  });
});
