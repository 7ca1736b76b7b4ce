import { defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import { FlashcardReviewed, FlashcardReviewUndone } from '../events';

/** A row of the `practice_reviews` read model: one review a learner made, as Anki's review log keeps it. */
export interface ReviewRow {
  user_id: string;
  review_id: string;
  card_id: string;
  language: string;
  reviewed_at: Date;
  rating: string;
  source: string;
  /** False for a game's repetition beyond the one a day that counts: it left the schedule as it was. */
  scheduled: boolean;
  /** Where the card stood before the review (new, learning, review, relearning). */
  state_before: string;
  /** Days between the card's previous review and this one's due date before it (FSRS scheduled days). */
  interval_before: number;
  interval_after: number;
  due_after: Date;
  stability_after: number;
  difficulty_after: number;
}

/**
 * The review log: every review that stands (an undone one leaves it), kept after its card is deleted as Anki
 * keeps revlog rows, so exports carry the learner's history and FSRS can be fitted on it. A deleted user's
 * log goes with them.
 */
export const reviewsProjection = defineProjection({
  name: 'practice-reviews',
  version: 1,
  tables: {
    practice_reviews: {
      key: ['user_id', 'review_id'],
      columns: {
        user_id: 'uuid',
        review_id: 'uuid',
        card_id: 'uuid',
        language: 'text',
        reviewed_at: 'timestamptz',
        rating: 'text',
        source: 'text',
        scheduled: 'boolean',
        state_before: 'text',
        interval_before: 'integer',
        interval_after: 'integer',
        due_after: 'timestamptz',
        stability_after: 'double precision',
        difficulty_after: 'double precision',
      },
      // Exports and fits read one learner's reviews in one language in the order they were made.
      indexes: [['user_id', 'language', 'reviewed_at']],
      growsFast: true,
    },
  },
  on: [
    when(FlashcardReviewed, (d) => [
      upsert('practice_reviews', {
        user_id: d.userId,
        review_id: d.reviewId,
        card_id: d.cardId,
        language: d.language,
        reviewed_at: d.at,
        rating: d.rating,
        source: d.source,
        scheduled: d.scheduled,
        state_before: d.before.state,
        interval_before: d.before.scheduledDays,
        interval_after: d.after.scheduledDays,
        due_after: d.after.due,
        stability_after: d.after.stability,
        difficulty_after: d.after.difficulty,
      }),
    ]),
    when(FlashcardReviewUndone, (d) => [remove('practice_reviews', { user_id: d.userId, review_id: d.reviewId })]),
    when(UserDeleted, (d) => [remove('practice_reviews', { user_id: d.userId })]),
  ],
});
