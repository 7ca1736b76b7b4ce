import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import type { Agent } from '../../../test-support/platform/test-app';
import { practiceTestApp, type PracticeTestApp } from '../../../test-support/contexts/practice/app';
import { WordStatusChanged } from '../vocabulary/published';

const database = await preferredTestDatabase();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = '2026-03-02T09:00:00.000Z';

describe(`practice routes on ${database.label}`, () => {
  let p: PracticeTestApp;
  beforeAll(async () => {
    p = await practiceTestApp(await database.create());
  });
  afterAll(async () => p?.t.close());

  const review = async (agent: Agent, id: string, rating: string, source = 'flashcards') => {
    const res = await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id, rating }], source } });
    expect(res.statusCode).toBe(200);
    return res.json() as { position: string; cards: { dueDateStamp: number; scheduled: boolean; scheduledDays: number; reps: number }[] };
  };
  const json = async (agent: Agent, url: string, position?: string) => {
    const res = await p.get(agent, url, position);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('lists cards to practice due first (most overdue first), then the next ones due, with the due count', async () => {
    p.clock.set(T0);
    const { agent } = p.learner();
    const {
      ids: [a, b, c, d],
    } = await p.create(agent, [
      { sourceValue: 'eins', targetValue: 'one' },
      { sourceValue: 'zwei', targetValue: 'two' },
      { sourceValue: 'drei', targetValue: 'three' },
      { sourceValue: 'vier', targetValue: 'four' },
    ]);
    await review(agent, a!, 'easy'); // days away
    await review(agent, b!, 'again'); // a minute away
    p.clock.advance(2 * MINUTE);
    await p.create(agent, [{ id: randomUUID(), sourceValue: 'fünf', targetValue: 'five' }]); // due now, created later
    const { position } = await review(agent, d!, 'good'); // ten minutes away
    const body = await json(agent, '/api/practice/flashcards?languageCode=de', position);
    // c (due at T0) and b (due T0 + 1 min, reached now) are due; "fünf" is due now; then d, then a.
    expect(body.dueCount).toBe(3);
    expect(body.flashcards.map((f: { sourceValue: string; isDue: boolean }) => [f.sourceValue, f.isDue])).toEqual([
      ['drei', true],
      ['zwei', true],
      ['fünf', true],
      ['vier', false],
      ['eins', false],
    ]);
    expect(body.flashcards[0].id).toBe(c);
    const limited = await json(agent, '/api/practice/flashcards?languageCode=de&limit=2');
    expect(limited.flashcards).toHaveLength(2);
    expect(limited.dueCount).toBe(3);
    const tooMany = await p.get(agent, '/api/practice/flashcards?languageCode=de&limit=101');
    expect(tooMany.statusCode).toBe(400);
  });

  it('counts due cards up to 100 in the session list, and exactly in the overview', async () => {
    p.clock.set(T0);
    const { agent } = p.learner();
    const cards = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({ sourceValue: `Karte ${from + i}`, targetValue: `card ${from + i}` }));
    let { position } = await p.create(agent, cards(99));
    expect((await json(agent, '/api/practice/flashcards?languageCode=de', position)).dueCount).toBe(99);
    ({ position } = await p.create(agent, cards(2, 99)));
    const session = await json(agent, '/api/practice/flashcards?languageCode=de', position);
    expect(session.dueCount).toBe(100);
    expect(session.flashcards).toHaveLength(20);
    expect(await json(agent, '/api/flashcards/info?languageCode=de')).toMatchObject({ total: 101, dueNow: 101, dueToday: 101 });
    expect(await json(agent, '/api/practice/flashcards?languageCode=fr')).toEqual({ dueCount: 0, flashcards: [] });
  });

  it('sums up due now, due today, learned, mastered and the streak of practice days', async () => {
    p.clock.set(T0);
    const { agent } = p.learner();
    const {
      ids: [a, b],
    } = await p.create(agent, [
      { sourceValue: 'lernen', targetValue: 'to learn' },
      { sourceValue: 'üben', targetValue: 'to practise' },
      { sourceValue: 'wissen', targetValue: 'to know' },
    ]);
    await review(agent, a!, 'easy');
    await review(agent, b!, 'good');
    let { position } = (
      await agent.request({ method: 'PATCH', url: '/api/flashcards/status', payload: { id: a, status: 'known' } })
    ).json();
    let info = await json(agent, '/api/flashcards/info?languageCode=de', position);
    expect(info).toEqual({
      languageCode: 'de',
      total: 3,
      known: 1,
      uncertain: 2,
      dueNow: 1,
      dueToday: 2,
      learned: 1,
      mastered: 0,
      streak: 1,
      practicedToday: true,
      nextDueStamp: Date.parse(T0),
    });

    // Review "lernen" with Easy whenever it falls due until its next review is more than 180 days away.
    for (let i = 0; i < 12; i++) {
      const due = (await json(agent, '/api/flashcards?languageCode=de', position)).flashcards.find(
        (f: { id: string }) => f.id === a,
      ).dueDateStamp;
      p.clock.set(new Date(Math.max(due, p.clock.now)).toISOString());
      const r = await review(agent, a!, 'easy');
      position = r.position;
      if (r.cards[0]!.dueDateStamp - p.clock.now > 180 * DAY) break;
    }
    info = await json(agent, '/api/flashcards/info?languageCode=de', position);
    expect(info).toMatchObject({ known: 1, uncertain: 2, mastered: 1, learned: 1, streak: 1, practicedToday: true });
  });

  it('counts the streak over consecutive UTC days and keeps 30 days of practice for analytics', async () => {
    p.clock.set('2026-05-10T23:30:00.000Z');
    const { agent } = p.learner();
    const {
      ids: [id],
    } = await p.create(agent, [{ sourceValue: 'täglich', targetValue: 'daily' }]);
    await review(agent, id!, 'good');
    await review(agent, id!, 'good', 'quick-quiz');
    p.clock.advance(60 * MINUTE); // 00:30 the next UTC day
    let { position } = await review(agent, id!, 'hard');
    let stats = await json(agent, '/api/flashcards/analytics?languageCode=de', position);
    expect(stats.streak).toBe(2);
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toEqual({ day: '2026-05-11', reviews: 1 });
    expect(stats.days.at(-2)).toEqual({ day: '2026-05-10', reviews: 2 });
    expect(stats.days.at(0).day).toBe('2026-04-12');

    p.clock.advance(2 * DAY); // 13 May: 12 May had no practice
    stats = await json(agent, '/api/flashcards/analytics?languageCode=de');
    expect(stats).toMatchObject({ streak: 0, longestStreak: 2 });
    ({ position } = await review(agent, id!, 'good'));
    expect(await json(agent, '/api/flashcards/info?languageCode=de', position)).toMatchObject({ streak: 1, practicedToday: true });
    expect(await json(agent, '/api/flashcards/analytics?languageCode=fr')).toMatchObject({ streak: 0, longestStreak: 0 });
  });

  it('analytics: cards by FSRS state, and retention as 1 - lapses / reviews (null before any review)', async () => {
    p.clock.set(T0);
    const { agent } = p.learner();
    const created = await p.create(agent, [
      { sourceValue: 'leicht', targetValue: 'easy' },
      { sourceValue: 'neu', targetValue: 'new' },
      { sourceValue: 'gut', targetValue: 'good' },
    ]);
    const [a, , c] = created.ids;
    let position = created.position;
    let stats = await json(agent, '/api/flashcards/analytics?languageCode=de', position);
    expect(stats).toMatchObject({
      cardsByState: { new: 3, learning: 0, review: 0, relearning: 0 },
      retention: { reviews: 0, lapses: 0, rate: null },
    });
    await review(agent, a!, 'easy'); // learned at once: FSRS state Review
    await review(agent, c!, 'good'); // still learning
    p.clock.advance(3 * DAY);
    ({ position } = await review(agent, a!, 'again')); // a learned card forgotten: one lapse
    stats = await json(agent, '/api/flashcards/analytics?languageCode=de', position);
    expect(stats.cardsByState).toEqual({ new: 1, learning: 1, review: 0, relearning: 1 });
    expect(stats.retention).toEqual({ reviews: 3, lapses: 1, rate: 0.667 });
  });

  it('schedules at most one game review per card a day; further game repetitions are only counted', async () => {
    p.clock.set(T0);
    const { agent } = p.learner();
    const {
      ids: [id, other],
    } = await p.create(agent, [
      { sourceValue: 'das Spiel', targetValue: 'the game' },
      { sourceValue: 'der Ball', targetValue: 'the ball' },
    ]);
    const answer = async (answerId: string) => {
      const res = await agent.request({ method: 'PATCH', url: '/api/practice/quick-quiz/one/update', payload: { id, answerId } });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const first = await answer(id!);
    expect(first).toMatchObject({ correct: true, card: { scheduled: true, reps: 1 } });
    p.clock.advance(30 * MINUTE);
    const wrong = await answer(other!);
    expect(wrong).toMatchObject({ correct: false, card: { scheduled: false, reps: 1, dueDateStamp: first.card.dueDateStamp } });
    const match = await review(agent, id!, 'good', 'match-words');
    expect(match.cards[0]).toMatchObject({ scheduled: false, reps: 1 });
    // A flashcard session always schedules, games or not.
    const session = await review(agent, id!, 'good');
    expect(session.cards[0]).toMatchObject({ scheduled: true, reps: 2 });
    p.clock.set('2026-03-03T08:00:00.000Z');
    const nextDay = await answer(id!);
    expect(nextDay.card).toMatchObject({ scheduled: true, reps: 3 });
    const [card] = (await json(agent, '/api/flashcards?languageCode=de', nextDay.position)).flashcards.filter(
      (f: { id: string }) => f.id === id,
    );
    expect(card).toMatchObject({ timePracticed: 5, reps: 3, lastTimePracticedStamp: Date.parse('2026-03-03T08:00:00.000Z') });
  });

  it('builds match-sentence pairs from phrases and sentences first, with the same targets shuffled', async () => {
    p.clock.set(T0);
    const { agent } = p.learner();
    const empty = await json(agent, '/api/practice/match-sentence?languageCode=es');
    expect(empty).toEqual({ pairs: [], targets: [] });
    const words = Array.from({ length: 5 }, (_, i) => ({ sourceValue: `palabra${i}`, targetValue: `word${i}` }));
    const phrases = [
      { sourceValue: 'Buenos días', targetValue: 'Good morning' },
      { sourceValue: '¿Qué hora es?', targetValue: 'What time is it?' },
    ];
    const { position } = await p.create(agent, [...words, ...phrases], 'es');
    const game = await json(agent, '/api/practice/match-sentence?languageCode=es', position);
    expect(game.pairs).toHaveLength(6);
    expect(
      game.pairs
        .slice(0, 2)
        .map((c: { sourceValue: string }) => c.sourceValue)
        .sort(),
    ).toEqual(['Buenos días', '¿Qué hora es?']);
    const byId = (list: { id: string; targetValue: string }[]) => [...list].sort((x, y) => x.id.localeCompare(y.id));
    expect(byId(game.targets)).toEqual(
      byId(game.pairs.map(({ id, targetValue }: { id: string; targetValue: string }) => ({ id, targetValue }))),
    );
  });

  it('asks quick-quiz questions on Uncertain dictionary words first, each with the right answer among 4 options', async () => {
    p.clock.set(T0);
    const { agent, uid } = p.learner();
    expect(await json(agent, '/api/practice/quick-quiz/one?languageCode=ru')).toEqual({ question: null });
    const cards = Array.from({ length: 12 }, (_, i) => ({ sourceValue: `слово${i}`, targetValue: `word ${i}` }));
    const { ids } = await p.create(agent, cards, 'ru');
    // The vocabulary context's public fact: the learner marked "Слово11" Uncertain in the reader.
    const { position } = await p.t.deps.store.append(
      `vocabulary-${uid}.ru.слово11`,
      [
        {
          id: randomUUID(),
          type: WordStatusChanged.type,
          version: WordStatusChanged.version,
          data: { userId: uid, language: 'ru', word: 'слово11', status: 'uncertain', at: new Date(p.clock.now).toISOString() },
        },
      ],
      'any',
    );
    const quiz = await json(
      agent,
      `/api/practice/quick-quiz/list?languageCode=ru&minPosition=${position.transaction}.${position.sequence}`,
    );
    expect(quiz.questions).toHaveLength(10);
    expect(quiz.questions[0]).toMatchObject({ id: ids[11], sourceValue: 'слово11', uncertainInDictionary: true });
    expect(quiz.questions.slice(1).every((q: { uncertainInDictionary: boolean }) => !q.uncertainInDictionary)).toBe(true);
    for (const q of quiz.questions as { id: string; options: { id: string; targetValue: string }[] }[]) {
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options.map((o) => o.id)).size).toBe(4);
      expect(q.options).toContainEqual({ id: q.id, targetValue: `word ${ids.indexOf(q.id)}` });
    }
    const one = await json(agent, `/api/practice/quick-quiz/one?languageCode=ru&id=${ids[3]}`);
    expect(one.question).toMatchObject({ id: ids[3], sourceValue: 'слово3' });
    const wrongLanguage = await p.get(agent, `/api/practice/quick-quiz/one?languageCode=de&id=${ids[3]}`);
    expect(wrongLanguage.statusCode).toBe(404);
  });
});
