import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_DAYS } from '@verba/contracts';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../test-support/platform/test-auth';
import { practiceModule } from '../contexts/practice/module';
import { vocabularyModule } from '../contexts/vocabulary/module';
import { analyticsModule } from './modules';

const database = await preferredTestDatabase();

/**
 * The learner's figures the analytics read model answers (dashboard, dictionary/analytics,
 * flashcards/analytics): they follow the learner's own writes, agree with the owning context's read
 * model, and show nobody else's.
 */
describe(`the learner's dashboard figures route on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, vocabularyModule, practiceModule, analyticsModule]);
  });
  afterAll(async () => t?.close());

  const learner = (): Agent => t.agent().setCookies(testUserCookies(randomUUID(), 'User'));
  const progress = async (agent: Agent, query: string) => agent.request({ method: 'GET', url: `/api/analytics/progress?${query}` });

  it('shows the words a learner just marked (read-your-writes), today in the chart and a streak of one day', async () => {
    const ana = learner();
    const marked = await ana.request({
      method: 'POST',
      url: '/api/dictionary/add-many',
      payload: { languageCode: 'de', words: ['Haus', 'Baum', 'Hund'] },
    });
    expect(marked.statusCode).toBe(200);
    const res = await progress(ana, `languageCode=de&minPosition=${marked.json().position}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      languageCode: 'de',
      wordsKnown: 3,
      wordsUncertain: 0,
      levelHint: 'A1',
      nextLevelAt: 800,
      streak: 1,
      activeToday: true,
    });
    expect(body.days).toHaveLength(PROGRESS_DAYS);
    expect(body.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), words: 3 });

    // Another learner, and another language, see none of it.
    expect((await progress(learner(), 'languageCode=de')).json()).toMatchObject({ wordsKnown: 0, streak: 0, timeSpent: 0 });
    expect((await progress(ana, 'languageCode=fr')).json()).toMatchObject({ wordsKnown: 0, streak: 0 });
  });

  it('refuses an unknown language with a problem+json message, and anonymous callers with 401', async () => {
    const res = await progress(learner(), 'languageCode=xx');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().message).toBeTruthy();
    expect((await t.agent().request({ method: 'GET', url: '/api/analytics/progress?languageCode=de' })).statusCode).toBe(401);
  });

  it('answers dictionary/analytics from the analytics read model: the same counts as the dictionary, private to its learner', async () => {
    const uid = randomUUID();
    const ana = t.agent().setCookies(testUserCookies(uid, 'User'));
    const marks = [
      { value: 'Haus', status: 'known' },
      { value: 'Baum', status: 'uncertain' },
      { value: 'Hund', status: 'known' },
      { value: 'haus', status: 'new' }, // the same word again: out of the dictionary
      { value: 'Katze', status: 'uncertain' },
      // Forms of "gehen": one family, known through "ging" (a Known form makes its family known).
      { value: 'ging', status: 'known' },
      { value: 'gegangen', status: 'uncertain' },
    ];
    const marked = await ana.request({ method: 'PATCH', url: '/api/dictionary', payload: { languageCode: 'de', words: marks } });
    const at = `minPosition=${marked.json().position}`;
    const dictionary = (await ana.request({ method: 'GET', url: `/api/dictionary?languageCode=de&${at}` })).json().words as {
      status: string;
    }[];
    const own = await ana.request({ method: 'GET', url: `/api/dictionary/analytics?languageCode=de&${at}` });
    expect(own.json()).toEqual({
      languageCode: 'de',
      known: 2,
      uncertain: 3,
      total: 5,
      familiesKnown: 2, // hund, gehen
      familiesUncertain: 2, // baum, katze
      levelHint: 'A1',
    });
    expect(own.json().total).toBe(dictionary.length);

    const peek = await learner().request({ method: 'GET', url: `/api/dictionary/analytics?languageCode=de&userId=${uid}` });
    expect(peek.statusCode).toBe(403);
    expect(peek.json().message).toBe("You can only see your own dictionary's analytics.");
    const admin = t.agent().setCookies(testUserCookies(randomUUID(), 'Admin'));
    expect(
      (await admin.request({ method: 'GET', url: `/api/dictionary/analytics?languageCode=de&userId=${uid}&${at}` })).json(),
    ).toMatchObject({ known: 2, uncertain: 3, familiesKnown: 2 });
    expect((await t.agent().request({ method: 'GET', url: '/api/dictionary/analytics?languageCode=de' })).statusCode).toBe(401);
  });

  it('answers flashcards/analytics from the analytics read model: the cards practice holds, by FSRS state and with their retention, private to its learner', async () => {
    const ana = learner();
    const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload: object) => {
      const res = await ana.request({ method, url, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const { ids } = await write('POST', '/api/flashcards', {
      languageCode: 'de',
      flashcards: ['eins', 'zwei', 'drei', 'vier'].map((sourceValue, i) => ({ sourceValue, targetValue: String(i + 1) })),
    });
    await write('PATCH', '/api/flashcards', {
      reviews: [
        { id: ids[0], rating: 'easy' },
        { id: ids[1], rating: 'good' },
        { id: ids[2], rating: 'again' },
      ],
    });
    await write('PATCH', '/api/flashcards', { reviews: [{ id: ids[1], rating: 'good' }], source: 'quick-quiz' });
    const { position } = await write('DELETE', '/api/flashcards/one', { id: ids[3] });
    const at = `languageCode=de&minPosition=${position}`;

    const cards = (await ana.request({ method: 'GET', url: `/api/flashcards?${at}` })).json().flashcards as {
      state: string;
      reps: number;
      lapses: number;
    }[];
    expect(cards).toHaveLength(3);
    const byState = { new: 0, learning: 0, review: 0, relearning: 0 } as Record<string, number>;
    for (const c of cards) byState[c.state]! += 1;
    const reps = cards.reduce((n, c) => n + c.reps, 0);
    const lapses = cards.reduce((n, c) => n + c.lapses, 0);

    const stats = (await ana.request({ method: 'GET', url: `/api/flashcards/analytics?${at}` })).json();
    expect(stats.cardsByState).toEqual(byState);
    expect(stats.retention).toEqual({ reviews: reps, lapses, rate: Math.round((1 - lapses / reps) * 1000) / 1000 });
    expect(stats).toMatchObject({ languageCode: 'de', streak: 1, longestStreak: 1 });
    expect(stats.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), reviews: 4 });

    // Another learner, and another language, see none of it; anonymous callers are refused.
    const empty = {
      cardsByState: { new: 0, learning: 0, review: 0, relearning: 0 },
      retention: { reviews: 0, lapses: 0, rate: null },
      streak: 0,
      longestStreak: 0,
    };
    expect((await learner().request({ method: 'GET', url: `/api/flashcards/analytics?${at}` })).json()).toMatchObject(empty);
    expect(
      (await ana.request({ method: 'GET', url: `/api/flashcards/analytics?languageCode=fr&minPosition=${position}` })).json(),
    ).toMatchObject(empty);
    expect((await t.agent().request({ method: 'GET', url: '/api/flashcards/analytics?languageCode=de' })).statusCode).toBe(401);
  });
});
