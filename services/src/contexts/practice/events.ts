import { z } from 'zod';
import {
  FlashcardOriginSchema,
  FlashcardStatusSchema,
  FsrsStateSchema,
  LearningLanguageSchema,
  ReviewRatingSchema,
  ReviewSourceSchema,
} from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

const card = { userId: z.uuid(), cardId: z.uuid() };
/**
 * A card's sides, origin name and sentence are the user's text: sealed with their data key
 * (platform/personal-data), `sealedFor` naming them. Events from before sealing carry them in clear and no `sealedFor`.
 */
export const CARD_SEALED_FIELDS = ['sourceValue', 'targetValue', 'originName', 'sentence'] as const;
const sealedFor = { sealedFor: z.uuid().optional() };

/** A new card; it starts Uncertain and New for FSRS, due at once. */
export const FlashcardCreated = defineEvent(
  'practice.FlashcardCreated',
  z.object({
    ...card,
    language: LearningLanguageSchema,
    sourceValue: z.string(),
    targetValue: z.string(),
    origin: FlashcardOriginSchema.nullable(),
    originId: z.string().nullable(),
    originName: z.string().nullable(),
    /** The sentence the word was met in (a card the reader made); absent in cards without one. */
    sentence: z.string().optional(),
    at: z.iso.datetime(),
    ...sealedFor,
  }),
);

/**
 * A card's sides edited; its sentence too when `sentence` is there (null: removed), and its origin when
 * `origin` is there (a sentence picked from an article the learner read). Older edits carry neither.
 */
export const FlashcardEdited = defineEvent(
  'practice.FlashcardEdited',
  z.object({
    ...card,
    sourceValue: z.string(),
    targetValue: z.string(),
    sentence: z.string().nullable().optional(),
    origin: FlashcardOriginSchema.optional(),
    originId: z.string().optional(),
    originName: z.string().nullable().optional(),
    at: z.iso.datetime(),
    ...sealedFor,
  }),
);

export const FlashcardDeleted = defineEvent('practice.FlashcardDeleted', z.object({ ...card, at: z.iso.datetime() }));

export const FlashcardStatusChanged = defineEvent(
  'practice.FlashcardStatusChanged',
  z.object({ ...card, status: FlashcardStatusSchema, at: z.iso.datetime() }),
);

/** The FSRS memory state of a card, as ts-fsrs computed it; kept in events so history never re-computes. */
export const FsrsCardSchema = z.object({
  due: z.iso.datetime(),
  stability: z.number(),
  difficulty: z.number(),
  scheduledDays: z.number().int(),
  learningSteps: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  state: FsrsStateSchema,
  lastReview: z.iso.datetime().nullable(),
});
export type FsrsCard = z.infer<typeof FsrsCardSchema>;

/**
 * One review, kept whole so the review log can later fit FSRS parameters per user: when, the rating,
 * where it came from, and the schedule before and after. `scheduled` is false for a game's repetition
 * beyond the one a day that counts; then `after` equals `before`.
 */
export const FlashcardReviewed = defineEvent(
  'practice.FlashcardReviewed',
  z.object({
    ...card,
    /** Derived from the request's command id: a retried review is recognised and not counted twice. */
    reviewId: z.uuid(),
    language: LearningLanguageSchema,
    rating: ReviewRatingSchema,
    source: ReviewSourceSchema,
    scheduled: z.boolean(),
    before: FsrsCardSchema,
    after: FsrsCardSchema,
    at: z.iso.datetime(),
    /**
     * A game's or the reader's review: the learner's own day it counted on (their time zone), the day its one
     * scheduled review a day is kept for. Absent in older events: their UTC day.
     */
    day: z.iso.date().optional(),
  }),
);

/**
 * The learner undid a flashcard review (the review page's Undo, also after the session's end): the card
 * has `restored`, its schedule before that review, again; `reviewedAt` is when the undone review was.
 */
export const FlashcardReviewUndone = defineEvent(
  'practice.FlashcardReviewUndone',
  z.object({
    ...card,
    reviewId: z.uuid(),
    language: LearningLanguageSchema,
    restored: FsrsCardSchema,
    reviewedAt: z.iso.datetime(),
    at: z.iso.datetime(),
  }),
);

export const flashcardEvents = [
  FlashcardCreated,
  FlashcardEdited,
  FlashcardDeleted,
  FlashcardStatusChanged,
  FlashcardReviewed,
  FlashcardReviewUndone,
] as const;
export type FlashcardEvent = EventOf<(typeof flashcardEvents)[number]>;

/** One small stream per card: a decision loads only that card's events, however many cards a user has. */
export const flashcardStream = (userId: string, cardId: string) => `flashcard-${userId}.${cardId}`;

/** A learner's scheduler: one small stream each, apart from the cards (a fit is about all of them). */
export const schedulerStream = (userId: string) => `practice-scheduler-${userId}`;

/** The learner chose the probability of recall their reviews are scheduled for. */
export const DesiredRetentionSet = defineEvent(
  'practice.DesiredRetentionSet',
  z.object({ userId: z.uuid(), desiredRetention: z.number(), at: z.iso.datetime() }),
);

/**
 * FSRS was fitted on the learner's reviews (`reviews` of them): the parameters, and the log loss of the fitted
 * and of the default parameters on the cards kept out of the fit. `adopted`: the fitted ones predicted better,
 * so reviews are scheduled with them from now on; otherwise the learner keeps what they had.
 */
export const SchedulerFitted = defineEvent(
  'practice.SchedulerFitted',
  z.object({
    userId: z.uuid(),
    parameters: z.array(z.number()),
    reviews: z.number().int(),
    logLoss: z.number(),
    defaultLogLoss: z.number(),
    adopted: z.boolean(),
    trigger: z.enum(['learner', 'automatic']),
    at: z.iso.datetime(),
  }),
);

export const schedulerEvents = [DesiredRetentionSet, SchedulerFitted] as const;
export type SchedulerEvent = EventOf<(typeof schedulerEvents)[number]>;
