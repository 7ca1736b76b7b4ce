import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { look, signIn, skipReason, startVerba, type Verba } from './support/verba';

/**
 * Issue 38.2: word families. A learner's forms count once per family on the dashboard, beside the forms;
 * the profile keeps "Mark the whole family"; an admin corrects a wrong base word for everyone, and the
 * learner's families follow.
 */
describe.skipIf(!!skipReason)(`word families journey in Chromium ${skipReason}`, () => {
  let verba: Verba;

  beforeAll(async () => {
    verba = await startVerba();
  }, 180_000);

  afterAll(async () => verba?.stop());

  const csrfOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'verba_csrf')!.value;
  const progress = async (page: Page) =>
    (await (await page.request.get(`${verba.base}/api/analytics/progress?languageCode=de`)).json()) as {
      wordsKnown: number;
      familiesKnown: number;
    };
  const figure = (page: Page, name: string) =>
    page
      .getByRole('region', { name: 'Your progress' })
      .locator('.sh-progress__figure', { has: page.getByText(name, { exact: true }) })
      .locator('dd')
      .first();

  it('counts families on the dashboard, keeps the profile choice, and follows an admin’s correction', async () => {
    const learner = await verba.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(learner, verba.base, verba.learner);
    await figure(learner, 'Families known').waitFor();
    const before = {
      families: Number(await figure(learner, 'Families known').innerText()),
      forms: Number(await figure(learner, 'Words known').innerText()),
    };

    // Three forms of "gehen", one of "sein", and "seine", which the dictionary takes for a word of its own.
    const marked = await learner.request.patch(`${verba.base}/api/dictionary`, {
      headers: { 'x-verba-csrf': await csrfOf(learner) },
      data: { languageCode: 'de', words: ['ging', 'gegangen', 'gehst', 'war', 'seine'].map((value) => ({ value, status: 'known' })) },
    });
    expect(marked.status()).toBe(200);
    // Marked outside the page (no position in this tab): wait until the figures have them, then show them.
    await expect.poll(async () => (await progress(learner)).wordsKnown).toBe(before.forms + 5);
    await learner.reload();
    expect(Number(await figure(learner, 'Words known').innerText())).toBe(before.forms + 5);
    expect(Number(await figure(learner, 'Families known').innerText())).toBe(before.families + 3);
    await look(learner, 'word-families-dashboard');

    // The profile's "Mark the whole family": Ask each time until the learner chooses, then kept.
    await learner.goto(`${verba.base}/app/user-profile/user-info`);
    const choice = learner.getByRole('group', { name: 'Mark the whole family' });
    await choice.getByRole('radio', { name: 'Ask each time' }).waitFor();
    expect(await choice.getByRole('radio', { name: 'Ask each time' }).isChecked()).toBe(true);
    // Shown as the server keeps it: checked once the save answers, like the page's other settings.
    await choice.getByRole('radio', { name: 'Always' }).click();
    await expect
      .poll(
        async () =>
          ((await (await learner.request.get(`${verba.base}/api/user/profile`)).json()) as { settings: { words?: unknown } }).settings
            .words,
      )
      .toEqual({ markFamily: 'always' });
    await learner.reload();
    expect(await learner.getByRole('group', { name: 'Mark the whole family' }).getByRole('radio', { name: 'Always' }).isChecked()).toBe(
      true,
    );
    await choice.scrollIntoViewIfNeeded();
    await look(learner, 'word-families-profile');

    // An admin corrects "seine" to "sein" for everyone.
    const admin = await (await verba.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // An admin lands on the dashboard; waiting for any /app/ page would match the sign-in page itself.
    await signIn(admin, verba.base, verba.admin, '**/app/dashboard');
    await admin.goto(`${verba.base}/app/admin/word-families`);
    await admin.getByLabel('Word', { exact: true }).fill('seine');
    await admin.getByRole('button', { name: 'Look up' }).click();
    const found = admin.getByRole('region', { name: 'Base word of “seine”' });
    await found.getByText('none (“seine” is its own base word)').waitFor();
    await found.getByLabel('Correct base word').fill('sein');
    await found.getByRole('button', { name: 'Save for everyone' }).click();
    await found.getByText(/^sein \(since/).waitFor();
    await look(admin, 'word-families-admin');

    // The learner's families follow: "seine" joins "sein" (known through "war").
    await expect.poll(async () => (await progress(learner)).familiesKnown).toBe(before.families + 2);
    await learner.goto(`${verba.base}/app/dashboard`);
    expect(Number(await figure(learner, 'Families known').innerText())).toBe(before.families + 2);
    expect(Number(await figure(learner, 'Words known').innerText())).toBe(before.forms + 5);
    const families = (await (
      await learner.request.get(`${verba.base}/api/dictionary/families?languageCode=de&words=seine,ging`)
    ).json()) as { words: unknown[] };
    expect(families.words).toEqual([
      { value: 'seine', base: 'sein', source: 'corrected' },
      { value: 'ging', base: 'gehen', source: 'dictionary' },
    ]);
  }, 180_000);
});
