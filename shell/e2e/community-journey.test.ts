import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  SHOTS,
  onboard,
  seriousA11yViolations,
  signIn,
  signUpVerified,
  skipReason,
  startVerba,
  type Account,
  type Verba,
} from './support/verba';

/**
 * The community end to end: a guest reads the public blog (prerendered, with its social card and feed)
 * and a post; a signed-in learner reads the blog inside the app, with library articles in the post's language;
 * a learner opens "Discuss" from an article and starts its thread, another learner replies, the first sees
 * the unread count and reports the reply, and an admin hides it on the admin fragment's moderation page; a
 * learner opens "Discuss" from a course chapter and starts its thread, which the same link opens from then on;
 * the discussion of a private article is its author's alone until the article is public.
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
    expect(await feed.text()).toContain('<title type="text">Why we put reading first</title>');
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
    await learner.getByRole('region', { name: 'Community' }).waitFor();
    await learner.screenshot({ path: path.join(SHOTS, 'dashboard-community.png'), fullPage: true });
    await learner.getByRole('region', { name: 'Community' }).getByRole('link', { name: 'blog' }).click();
    await learner.waitForURL('**/app/blog');
    await learner.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await learner.getByRole('link', { name: 'Reading German compound words without fear' }).click();
    await learner.waitForURL('**/app/blog/german-compound-words');
    await learner.getByRole('heading', { name: 'Read next in German' }).waitFor();
    await learner.screenshot({ path: path.join(SHOTS, 'app-blog-post.png'), fullPage: true });
    expect(await seriousA11yViolations(learner)).toEqual([]);
    await context.close();
  });

  it('discusses an article: start, reply, unread count, report, and an admin hides the reply', async () => {
    const ana = await (await verba.browser.newContext()).newPage();
    await signIn(ana, verba.base, verba.learner);
    const { articles } = (await (await ana.request.get(`${verba.base}/api/articles?languageCode=de&scope=public&pageSize=1`)).json()) as {
      articles: { id: string; name: string }[];
    };
    const article = articles[0]!;
    await ana.goto(`${verba.base}/app/library/${article.id}`);
    await ana.getByRole('heading', { level: 1, name: article.name }).waitFor();
    await ana.getByRole('link', { name: 'Discuss' }).click();
    await ana.getByRole('heading', { name: `Discuss: ${article.name}` }).waitFor();
    expect(await ana.getByLabel('Title').inputValue()).toBe(article.name);
    await ana.getByLabel('Your message (Markdown)').fill('Was bedeutet **Brötchen** hier genau?');
    await ana.getByRole('button', { name: 'Start the discussion' }).click();
    await ana.waitForURL('**/app/forum/thread/**');
    const threadUrl = ana.url();
    await ana.locator('.fm-prose strong', { hasText: 'Brötchen' }).waitFor();
    await ana.getByRole('button', { name: 'Follow this thread' }).click();
    await ana.getByRole('button', { name: 'Following' }).waitFor();

    const benPage = await (await verba.browser.newContext()).newPage();
    const ben: Account = { email: `ben-${Date.now()}@example.org`, password: 'a forum secret 1' };
    await signUpVerified(benPage, verba.base, ben);
    await onboard(benPage, 'German', 'A2', 'Ben');
    await benPage.goto(threadUrl);
    await benPage.getByRole('button', { name: 'Quote' }).click();
    await benPage.getByLabel('Your message (Markdown)').fill('Ein kleines Brot. <img src=x onerror="document.title=\'pwned\'">');
    await benPage.getByRole('button', { name: 'Post reply' }).click();
    await benPage.locator('.fm-post > .fm-prose', { hasText: 'Ein kleines Brot.' }).waitFor();
    // The quoted post shows inside the reply, and the payload's markup is gone.
    await benPage.locator('.fm-quote', { hasText: 'Brötchen' }).waitFor();
    expect(await benPage.locator('.fm-posts img').count()).toBe(0);
    // Authors by their names (the seeded learner's name; Ben's username from onboarding), not pseudonyms.
    await benPage.getByRole('listitem', { name: 'Post by Demo Learner' }).waitFor();
    await benPage.getByRole('listitem', { name: /^Post by ben_/ }).waitFor();
    expect(await benPage.title()).not.toBe('pwned');
    await benPage.screenshot({ path: path.join(SHOTS, 'forum-thread.png'), fullPage: true });
    expect(await seriousA11yViolations(benPage)).toEqual([]);

    await ana.goto(`${verba.base}/app/forum`);
    await ana.getByText('1 unread').waitFor();
    await ana.screenshot({ path: path.join(SHOTS, 'forum-home-unread.png'), fullPage: true });
    expect(await seriousA11yViolations(ana)).toEqual([]);
    await ana.getByRole('link', { name: article.name }).click();
    const reply = ana.getByRole('listitem', { name: /^Post by / }).nth(1);
    await reply.getByRole('button', { name: 'Report' }).click();
    const reportDialog = ana.getByRole('dialog', { name: /^Report the post by / });
    await reportDialog.getByRole('radio', { name: 'Spam' }).check();
    await reportDialog.getByLabel('Details (optional)').fill('Markup in a reply');
    await ana.waitForTimeout(250); // the dialog's fade-in, for the screenshot
    await ana.screenshot({ path: path.join(SHOTS, 'forum-report-dialog.png') });
    expect(await seriousA11yViolations(ana)).toEqual([]);
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await ana.getByText('Reported to the moderators').waitFor();

    // The admin finds the report from the admin home (its open count) and hides the reply on the moderation page.
    const admin = await verba.browser.newContext();
    const adminPage = await admin.newPage();
    // The seeded admin may not have been through onboarding: sign-in can land there.
    await signIn(adminPage, verba.base, verba.admin, /\/app\/(dashboard|onboarding)/);
    await adminPage.goto(`${verba.base}/app/admin`);
    await adminPage.getByText('1 open report', { exact: true }).waitFor();
    await adminPage.screenshot({ path: path.join(SHOTS, 'admin-home-forum-reports.png'), fullPage: true });
    await adminPage.getByRole('link', { name: 'Forum reports' }).first().click();
    await adminPage.getByRole('heading', { level: 1, name: 'Forum reports' }).waitFor();
    const reported = adminPage.getByRole('listitem', { name: /^Reported post by / }).filter({ hasText: 'Ein kleines Brot.' });
    // The payload is shown as the text it is, never run.
    await reported.getByText('<img src=x onerror="document.title=\'pwned\'">', { exact: false }).waitFor();
    await reported.getByRole('link', { name: article.name }).waitFor();
    await reported.getByText('Spam', { exact: true }).waitFor();
    await reported.getByText('Markup in a reply', { exact: false }).waitFor();
    await adminPage.screenshot({ path: path.join(SHOTS, 'admin-forum-reports.png'), fullPage: true });
    expect(await seriousA11yViolations(adminPage)).toEqual([]);
    await reported.getByRole('button', { name: 'Hide post' }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'Hide this post?' });
    await confirm.waitFor();
    await adminPage.waitForTimeout(250); // the dialog's fade-in, for the screenshot
    await adminPage.screenshot({ path: path.join(SHOTS, 'admin-forum-hide-dialog.png') });
    await confirm.getByRole('button', { name: 'Hide post' }).click();
    await reported.getByRole('button', { name: 'Show post' }).waitFor();
    await adminPage.getByText('0 open of 1 reported post').waitFor();
    expect(await adminPage.title()).not.toBe('pwned');
    await adminPage.screenshot({ path: path.join(SHOTS, 'admin-forum-reports-hidden.png'), fullPage: true });
    expect(await seriousA11yViolations(adminPage)).toEqual([]);

    await ana.reload();
    await ana.getByText('This post was hidden by a moderator.').waitFor();
    await ana.screenshot({ path: path.join(SHOTS, 'forum-hidden-reply.png'), fullPage: true });
  }, 120_000);

  it('discusses a chapter: its "Discuss" starts the chapter\'s thread, and opens that thread from then on', async () => {
    const page = await (await verba.browser.newContext()).newPage();
    await signIn(page, verba.base, verba.learner);
    await page.getByRole('link', { name: 'Learn' }).click();
    await page
      .getByRole('link', { name: /^(Start learning|Continue)$/ })
      .first()
      .click();
    await page.waitForURL('**/app/courses/chapter/**');
    const chapterUrl = page.url();
    const title = (await page.getByRole('heading', { level: 1 }).first().textContent())!;
    await page.getByRole('link', { name: 'Discuss' }).click();
    await page.getByRole('heading', { level: 1, name: `Discuss: ${title}` }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    await page.getByLabel('Your message (Markdown)').fill('Sagt man hier **du** oder **Sie**?');
    await page.screenshot({ path: path.join(SHOTS, 'forum-discuss-chapter.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start the discussion' }).click();
    await page.waitForURL('**/app/forum/thread/**');
    const threadUrl = page.url();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.locator('.fm-prose strong', { hasText: 'Sie' }).waitFor();

    // From the chapter again: the one thread of the chapter, now started, opens at once.
    await page.goto(chapterUrl);
    await page.getByRole('link', { name: 'Discuss' }).click();
    await page.waitForURL(threadUrl);
    await page.locator('.fm-prose strong', { hasText: 'Sie' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'forum-chapter-thread.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("keeps a private article's discussion from other learners until the article is public", async () => {
    const ana = await (await verba.browser.newContext()).newPage();
    await signIn(ana, verba.base, verba.learner);
    const name = `Mein Tagebuch ${Date.now()}`;
    await ana.goto(`${verba.base}/app/add-article`);
    await ana.getByLabel(/^Title/).fill(name);
    await ana.getByLabel(/^Text/).fill('Heute habe ich im Park mit dem Hund gespielt.');
    await ana.getByRole('button', { name: 'Add article' }).click();
    await ana.waitForURL(/\/app\/library\/[0-9a-f-]{36}$/);
    const articleId = ana.url().split('/').pop()!;
    // The reader offers no "Discuss" on a private article; its author may still open its discussion.
    await ana.goto(`${verba.base}/app/forum/discuss/article/${articleId}?${new URLSearchParams({ title: name })}`);
    await ana.getByRole('heading', { name: `Discuss: ${name}` }).waitFor();
    await ana.getByLabel('Your message (Markdown)').fill('Sagt man **mit dem Hund** oder **mit den Hund**?');
    await ana.getByRole('button', { name: 'Start the discussion' }).click();
    await ana.waitForURL('**/app/forum/thread/**');
    const threadUrl = ana.url();
    await ana.getByRole('heading', { level: 1, name }).waitFor();

    const cleo = await (await verba.browser.newContext()).newPage();
    await signUpVerified(cleo, verba.base, { email: `cleo-${Date.now()}@example.org`, password: 'a forum secret 2' });
    await onboard(cleo, 'German', 'A2', 'Cleo');
    const germanThreads = async (page: Page) => {
      await page.goto(`${verba.base}/app/forum/de`);
      await page.getByRole('heading', { level: 1, name: 'German' }).waitFor();
      await page.locator('.fm-list').or(page.getByText('No threads yet. Start the first one.')).waitFor();
      return page.getByRole('link', { name });
    };
    expect(await (await germanThreads(cleo)).count()).toBe(0);
    await cleo.goto(threadUrl);
    await cleo.getByRole('alert').getByText('Thread not found').waitFor();
    await cleo.screenshot({ path: path.join(SHOTS, 'forum-private-article-thread.png'), fullPage: true });
    expect(await seriousA11yViolations(cleo)).toEqual([]);

    // Ana asks for publication and an admin approves: the article is public, so is its discussion.
    const csrf = async (page: Page) => ({ 'x-verba-csrf': (await page.context().cookies()).find((c) => c.name === 'verba_csrf')!.value });
    expect(
      (
        await ana.request.post(`${verba.base}/api/articles/add-flagged`, { headers: await csrf(ana), data: { articleIds: [articleId] } })
      ).status(),
    ).toBe(200);
    const admin = await (await verba.browser.newContext()).newPage();
    await signIn(admin, verba.base, verba.admin, /\/app\/(dashboard|onboarding)/);
    // The flag reaches the library's read model a moment after the request.
    await expect
      .poll(
        async () =>
          (
            await admin.request.post(`${verba.base}/api/admin/library/approve`, { headers: await csrf(admin), data: { articleId } })
          ).status(),
        { timeout: 10_000 },
      )
      .toBe(200);
    for (
      let attempt = 0;
      !(await (await germanThreads(cleo)).waitFor({ timeout: 2000 }).then(
        () => true,
        () => false,
      ));
      attempt++
    ) {
      if (attempt === 5) throw new Error('the thread of the article made public never reached the list');
    }
    await (await germanThreads(cleo)).click();
    await cleo.waitForURL(threadUrl);
    await cleo.locator('.fm-prose strong', { hasText: 'mit dem Hund' }).waitFor();
    await (await germanThreads(ana)).waitFor();
    await cleo.screenshot({ path: path.join(SHOTS, 'forum-public-article-thread.png'), fullPage: true });
    await Promise.all([ana.context().close(), cleo.context().close(), admin.context().close()]);
  }, 120_000);
});
