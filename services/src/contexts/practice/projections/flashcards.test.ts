import { afterAll, describe, it } from 'vitest';
import { quarterHourOf } from '@verba/contracts';
import { closeSpecDatabase, projectionSpec } from '../../../platform/projections/projection-spec';
import { UserDeleted } from '../../identity/published';
import { newSchedule } from '../domain/scheduler';
import {
  FlashcardCreated,
  FlashcardDeleted,
  FlashcardEdited,
  FlashcardReviewed,
  FlashcardReviewUndone,
  FlashcardStatusChanged,
  type FsrsCard,
} from '../events';
import { flashcardsProjection } from './flashcards';

const ana = 'b0000000-0000-4000-8000-000000000001';
const ben = 'b0000000-0000-4000-8000-000000000002';
const haus = 'c0000000-0000-4000-8000-000000000001';
const baum = 'c0000000-0000-4000-8000-000000000002';
const review = 'd0000000-0000-4000-8000-000000000001';
const at = '2026-03-01T10:00:00.000Z';
const nextDay = '2026-03-02T09:00:00.000Z';

const created = (userId: string, cardId: string, sourceValue = 'Haus') => ({
  type: FlashcardCreated.type,
  data: { userId, cardId, language: 'de', sourceValue, targetValue: 'house', origin: null, originId: null, originName: null, at },
});
const later: FsrsCard = {
  due: '2026-03-05T10:00:00.000Z',
  stability: 3.5,
  difficulty: 5.25,
  scheduledDays: 3,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  lastReview: nextDay,
};
const first = newSchedule(new Date(at));
const reviewed = (cardId: string, when = nextDay) => ({
  type: FlashcardReviewed.type,
  data: {
    userId: ana,
    cardId,
    reviewId: review,
    language: 'de',
    rating: 'good',
    source: 'flashcards',
    scheduled: true,
    before: first,
    after: later,
    at: when,
  },
});

/** The row a new card has: Uncertain, never practised, due at once. */
const newCard = (userId: string, cardId: string, sourceValue = 'Haus') => ({
  user_id: userId,
  card_id: cardId,
  language: 'de',
  source_value: sourceValue,
  target_value: 'house',
  origin: null,
  origin_id: null,
  origin_name: null,
  sentence: null,
  status: 'uncertain',
  created_at: new Date(at),
  last_review_at: null,
  time_practiced: 0,
  difficulty: first.difficulty,
  stability: first.stability,
  scheduled_days: first.scheduledDays,
  learning_steps: first.learningSteps,
  reps: first.reps,
  lapses: first.lapses,
  state: first.state,
  due_at: new Date(first.due),
});
const reviewedCard = {
  ...newCard(ana, haus),
  time_practiced: 1,
  difficulty: 5.25,
  stability: 3.5,
  scheduled_days: 3,
  learning_steps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  due_at: new Date(later.due),
  last_review_at: new Date(nextDay),
};

describe('practice-flashcards', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(flashcardsProjection);

  it('adds a new card, Uncertain and due at once', async () => {
    await spec
      .given([])
      .when(created(ana, haus))
      .then({ flashcards: [newCard(ana, haus)], practice_times: [] });
  });

  it("a review sets the card's schedule, counts a practice and a review in its quarter hour (local days are read from them)", async () => {
    await spec
      .given([created(ana, haus)])
      .when([reviewed(haus), reviewed(haus, '2026-03-02T18:00:00.000Z')])
      .then({
        flashcards: [{ ...reviewedCard, time_practiced: 2 }],
        practice_times: [
          { user_id: ana, language: 'de', quarter_hour: quarterHourOf(nextDay), reviews: 1 },
          { user_id: ana, language: 'de', quarter_hour: quarterHourOf('2026-03-02T18:00:00.000Z'), reviews: 1 },
        ],
      });
  });

  it('an undone review restores the schedule and no longer counts when it was made', async () => {
    await spec
      .given([created(ana, haus), reviewed(haus)])
      .when({
        type: FlashcardReviewUndone.type,
        data: { userId: ana, cardId: haus, reviewId: review, language: 'de', restored: first, reviewedAt: nextDay, at: nextDay },
      })
      .then({
        flashcards: [{ ...newCard(ana, haus), last_review_at: first.lastReview }],
        practice_times: [{ user_id: ana, language: 'de', quarter_hour: quarterHourOf(nextDay), reviews: 0 }],
      });
  });

  it('edits, marks and deletes a card; events of a card no longer there change nothing', async () => {
    await spec
      .given([created(ana, haus), created(ana, baum, 'Baum')])
      .when([
        { type: FlashcardEdited.type, data: { userId: ana, cardId: haus, sourceValue: 'das Haus', targetValue: 'the house', at } },
        { type: FlashcardStatusChanged.type, data: { userId: ana, cardId: haus, status: 'known', at } },
        { type: FlashcardDeleted.type, data: { userId: ana, cardId: baum, at } },
        { type: FlashcardStatusChanged.type, data: { userId: ana, cardId: baum, status: 'known', at } },
        reviewed(baum),
      ])
      .then({ flashcards: [{ ...newCard(ana, haus), source_value: 'das Haus', target_value: 'the house', status: 'known' }] });
  });

  it("erases a deleted user's cards and practice days", async () => {
    await spec
      .given([created(ana, haus), reviewed(haus), created(ben, baum, 'Baum')])
      .when({ type: UserDeleted.type, data: { userId: ana, at } })
      .then({ flashcards: [newCard(ben, baum, 'Baum')], practice_times: [] });
  });
});
