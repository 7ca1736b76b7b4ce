import { afterAll, describe, it } from 'vitest';
import { closeSpecDatabase, projectionSpec } from '../../../platform/projections/projection-spec';
import { UserDeleted } from '../../identity/published';
import { newSchedule } from '../domain/scheduler';
import { FlashcardReviewed, FlashcardReviewUndone, type FsrsCard } from '../events';
import { reviewsProjection } from './reviews';

const ana = 'b0000000-0000-4000-8000-000000000001';
const ben = 'b0000000-0000-4000-8000-000000000002';
const haus = 'c0000000-0000-4000-8000-000000000001';
const first = 'd0000000-0000-4000-8000-000000000001';
const second = 'd0000000-0000-4000-8000-000000000002';
const at = '2026-03-01T10:00:00.000Z';
const nextDay = '2026-03-02T09:00:00.000Z';
const before = newSchedule(new Date(at));
const after: FsrsCard = {
  due: '2026-03-05T09:00:00.000Z',
  stability: 3.5,
  difficulty: 5.25,
  scheduledDays: 3,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  lastReview: nextDay,
};
const reviewed = (userId: string, reviewId: string, when = nextDay, scheduled = true) => ({
  type: FlashcardReviewed.type,
  data: { userId, cardId: haus, reviewId, language: 'de', rating: 'good', source: 'flashcards', scheduled, before, after, at: when },
});
const row = (userId: string, reviewId: string, when = nextDay, scheduled = true) => ({
  user_id: userId,
  review_id: reviewId,
  card_id: haus,
  language: 'de',
  reviewed_at: new Date(when),
  rating: 'good',
  source: 'flashcards',
  scheduled,
  state_before: 'new',
  interval_before: 0,
  interval_after: 3,
  due_after: new Date(after.due),
  stability_after: 3.5,
  difficulty_after: 5.25,
});

describe('practice-reviews', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(reviewsProjection);

  it('keeps every review with the schedule before and after it, a repeated delivery once', async () => {
    await spec
      .given([])
      .when([reviewed(ana, first), reviewed(ana, first), reviewed(ana, second, '2026-03-02T18:00:00.000Z', false)])
      .then({ practice_reviews: [row(ana, first), row(ana, second, '2026-03-02T18:00:00.000Z', false)] });
  });

  it('an undone review leaves the log', async () => {
    await spec
      .given([reviewed(ana, first), reviewed(ana, second)])
      .when({
        type: FlashcardReviewUndone.type,
        data: { userId: ana, cardId: haus, reviewId: second, language: 'de', restored: before, reviewedAt: nextDay, at: nextDay },
      })
      .then({ practice_reviews: [row(ana, first)] });
  });

  it("erases a deleted user's log and no one else's", async () => {
    await spec
      .given([reviewed(ana, first), reviewed(ben, second)])
      .when({ type: UserDeleted.type, data: { userId: ana, at } })
      .then({ practice_reviews: [row(ben, second)] });
  });
});
