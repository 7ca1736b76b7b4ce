import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import type { ReviewRating } from '@verba/contracts';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { practiceTestApp, type PracticeTestApp } from '../../../test-support/contexts/practice/app';

const database = await preferredTestDatabase();
const MINUTE = 60_000;
const STATES = ['new', 'learning', 'review', 'relearning'];
const GRADES: Record<ReviewRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

/** What the API shows of a schedule, from ts-fsrs's own card. */
const expected = (c: Card) => ({
  state: STATES[c.state],
  dueDateStamp: c.due.getTime(),
  stability: c.stability,
  difficulty: c.difficulty,
  scheduledDays: c.scheduled_days,
  reps: c.reps,
  lapses: c.lapses,
  lastTimePracticedStamp: c.last_review ? c.last_review.getTime() : null,
});

/** A review history: gaps from a minute (inside learning steps) to 120 days, and any rating. */
const history = fc.array(
  fc.record({
    gapMinutes: fc.oneof(
      fc.integer({ min: 1, max: 30 }),
      fc.integer({ min: 31, max: 3 * 24 * 60 }),
      fc.integer({ min: 1, max: 120 }).map((d) => d * 24 * 60),
    ),
    rating: fc.constantFrom<ReviewRating>('again', 'hard', 'good', 'easy'),
  }),
  { minLength: 1, maxLength: 12 },
);

describe(`scheduling through the API matches ts-fsrs (${database.label})`, () => {
  let p: PracticeTestApp;
  beforeAll(async () => {
    p = await practiceTestApp(await database.create());
  });
  afterAll(async () => p?.t.close());

  it('gives identical due dates and states after every review of a generated history', async () => {
    const scheduler = fsrs({ enable_fuzz: false });
    await fc.assert(
      fc.asyncProperty(history, fc.integer({ min: 0, max: 365 * 24 * 60 }), async (reviews, startMinute) => {
        p.clock.set('2026-01-01T00:00:00.000Z');
        p.clock.advance(startMinute * MINUTE);
        const { agent } = p.learner();
        const {
          ids: [id],
        } = await p.create(agent, [{ sourceValue: 'wiederholen', targetValue: 'to repeat' }]);
        let card = createEmptyCard(new Date(p.clock.now));
        let position = '';
        for (const r of reviews) {
          p.clock.advance(r.gapMinutes * MINUTE);
          card = scheduler.next(card, new Date(p.clock.now), GRADES[r.rating]).card;
          const res = await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id, rating: r.rating }] } });
          expect(res.statusCode).toBe(200);
          expect(res.json().cards[0]).toEqual({ id, reviewId: expect.any(String), scheduled: true, ...expected(card) });
          position = res.json().position;
        }
        // The read model (what due-first practice reads) holds the same schedule.
        const [listed] = (await p.get(agent, '/api/flashcards?languageCode=de', position)).json().flashcards;
        expect(listed).toMatchObject({ ...expected(card), timePracticed: reviews.length });
      }),
      { numRuns: 25 },
    );
  });
});
