/**
 * Every limit and uniqueness rule under concurrency (issue 13), on real PostgreSQL (PGlite serializes
 * everything and would hide a race): 20-60 parallel requests, exactly the allowed number succeed and the
 * read model agrees.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PRIVATE_ARTICLE_LIMIT, LIBRARY_MESSAGES, MESSAGES } from '@verba/contracts';
import { createRealTestDatabase, probeRealPostgres } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { signUpVerified } from '../../test-support/contexts/identity/accounts';
import { allModules } from './modules';

const real = await probeRealPostgres();
const PASSWORD = 'Correct-horse-9';

const statuses = (rs: { statusCode: number }[]) => rs.map((r) => r.statusCode);
const count = (rs: { statusCode: number }[], status: number) => rs.filter((r) => r.statusCode === status).length;

describe.skipIf(!real.available)(`limits and uniqueness under concurrency ${real.skipReason}`, () => {
  let t: TestApp;
  const user = () => signUpVerified(t, `learner.${randomUUID()}@limits.example`, PASSWORD, 'Learner');

  beforeAll(async () => {
    t = await createTestApp(await createRealTestDatabase(), allModules);
  }, 120_000);
  afterAll(async () => t?.close());

  const article = (i: number) => ({
    languageCode: 'de',
    name: `Artikel ${i}`,
    category: 'Travel',
    generalDifficulty: 'A2',
    content: `Text Nummer ${i}.`,
    isPrivate: true,
  });

  it('lets a free user keep 5 private articles however many creates arrive at once; deleting one frees a slot', async () => {
    const { agent } = await user();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => agent.request({ method: 'POST', url: '/api/articles/create', payload: article(i) })),
    );
    expect(count(results, 201), statuses(results).join()).toBe(FREE_PRIVATE_ARTICLE_LIMIT);
    for (const r of results.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(LIBRARY_MESSAGES.privateLimit);
    }
    await t.caughtUp();
    const mine = (await agent.request({ method: 'GET', url: '/api/articles/user-articles' })).json();
    const list = (Array.isArray(mine) ? mine : (mine.articles as unknown[])) as { id: string }[];
    expect(list).toHaveLength(FREE_PRIVATE_ARTICLE_LIMIT);

    const refused = await agent.request({ method: 'POST', url: '/api/articles/create', payload: article(99) });
    expect(refused.statusCode).toBe(403);
    const del = await agent.request({ method: 'DELETE', url: `/api/articles/private/delete?articleId=${list[0]!.id}` });
    expect(del.statusCode, del.body).toBe(200);
    const again = await Promise.all(
      Array.from({ length: 10 }, (_, i) => agent.request({ method: 'POST', url: '/api/articles/create', payload: article(100 + i) })),
    );
    expect(count(again, 201), statuses(again).join()).toBe(1);
  }, 120_000);

  it('gives a free user exactly 50 text-to-speech calls a month under 60 parallel calls', async () => {
    const { agent } = await user();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        agent.request({ method: 'POST', url: '/api/tts', payload: { text: `Satz ${i} ${randomUUID()}`, voiceId: 'Marlene', ssml: true } }),
      ),
    );
    expect(count(results, 200), statuses(results).join()).toBe(50);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.json().message).toBe(MESSAGES.tts.monthlyLimitReached);
    const limit = (await agent.request({ method: 'POST', url: '/api/translationLimit' })).json();
    expect(limit).toMatchObject({ used: 50, remaining: 0 });
  }, 120_000);

  it('registers an email once under 20 parallel sign-ups', async () => {
    const email = `same.${randomUUID()}@limits.example`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.agent().request({ method: 'POST', url: '/api/sign-up', payload: { email, password: PASSWORD } })),
    );
    expect(count(results, 201), statuses(results).join()).toBe(1);
    for (const r of results.filter((r) => r.statusCode !== 201)) expect(r.json().message).toBe(MESSAGES.registration.emailInUse);
  }, 120_000);

  it('gives a username to exactly one of 20 users asking at once', async () => {
    const users: Agent[] = [];
    for (let i = 0; i < 20; i++) users.push((await user()).agent);
    const name = `racer${randomUUID().slice(0, 8)}`;
    const results = await Promise.all(
      users.map((agent) => agent.request({ method: 'POST', url: '/api/user/basic-info', payload: { username: name } })),
    );
    expect(count(results, 200), statuses(results).join()).toBe(1);
    await t.caughtUp();
    const { rows } = await t.platform.db.raw(
      'select count(*)::int as n from identity_users where username_hash is not null and username_enc is not null',
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
  }, 180_000);

  it('counts one rating per user per article: 20 parallel ratings replace, never add', async () => {
    const author = await user();
    const created = (await author.agent.request({ method: 'POST', url: '/api/articles/create', payload: article(1) })).json();
    const articleId = created.article.id as string;
    const rater = author.agent;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rater.request({ method: 'POST', url: '/api/articles/rating', payload: { articleId, rate: (i % 5) + 1 } }),
      ),
    );
    expect(count(results, 200), statuses(results).join()).toBe(20);
    await t.caughtUp();
    const rating = (await rater.request({ method: 'GET', url: `/api/articles/rating?articleId=${articleId}` })).json();
    expect(rating.ratings).toBe(1);
    expect(rating.averageRating).toBe(rating.rating);
  }, 120_000);

  it('makes one card per word and origin under 20 parallel creates', async () => {
    const { agent } = await user();
    const originId = randomUUID();
    const flashcard = { sourceValue: 'das Haus', targetValue: 'the house', origin: 'article', originId, originName: 'Im Dorf' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.request({ method: 'POST', url: '/api/flashcards/one', payload: { languageCode: 'de', flashcard } }),
      ),
    );
    await t.caughtUp();
    const listed = (await agent.request({ method: 'GET', url: `/api/flashcards/created?languageCode=de&articleId=${originId}` })).json();
    const cards = (Array.isArray(listed) ? listed : (listed.flashcards ?? listed.words ?? [])) as unknown[];
    expect(cards, JSON.stringify(listed)).toHaveLength(1);
    expect(
      results.every((r) => r.statusCode === 201 || r.statusCode === 409),
      statuses(results).join(),
    ).toBe(true);
  }, 120_000);
});
