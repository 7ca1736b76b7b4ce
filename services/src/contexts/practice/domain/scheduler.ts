import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { FsrsState, ReviewRating } from '@verba/contracts';
import type { FsrsCard } from '../events';

/**
 * The FSRS scheduler (ts-fsrs) with its default parameters and no fuzz, so a schedule is a pure function
 * of the review history; per-user parameters can later be fitted from the FlashcardReviewed log.
 */
const scheduler = fsrs({ enable_fuzz: false });

const STATES: readonly FsrsState[] = ['new', 'learning', 'review', 'relearning'];
const STATE_OF: Record<FsrsState, State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };
export const GRADES: Record<ReviewRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

export function fromFsrs(card: Card): FsrsCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATES[card.state]!,
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

export function toFsrs(card: FsrsCard): Card {
  return {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0, // ts-fsrs derives elapsed time from last_review; this deprecated field is not read
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_OF[card.state],
    ...(card.lastReview ? { last_review: new Date(card.lastReview) } : {}),
  };
}

/** A new card, due at once. */
export const newSchedule = (at: Date): FsrsCard => fromFsrs(createEmptyCard(at));

/** The schedule after reviewing `card` at `at` with `rating`. */
export const reschedule = (card: FsrsCard, at: Date, rating: ReviewRating): FsrsCard =>
  fromFsrs(scheduler.next(toFsrs(card), at, GRADES[rating]).card);
