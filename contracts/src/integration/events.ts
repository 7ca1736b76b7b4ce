import { z } from 'zod';
import { IntegrationEventEnvelopeSchema, defineIntegrationEvent } from './envelope';

/**
 * The integration events Verba publishes. A published version is frozen: never edit its schema. To change
 * a shape, add `...V2` beside `...V1`, publish both for a while, and keep V1 here for as long as anyone
 * may still read it (consumers replay old messages). Enums are spelled out rather than imported from the
 * domain so that widening the domain (a new language) cannot silently change a published version.
 */

/** A user's account was deleted: consumers erase what they hold about the user. */
export const UserDeletedV1 = defineIntegrationEvent('verba.identity.user-deleted', 1, z.object({ userId: z.uuid() }));

/** A learner marked a word new, known or uncertain in one learning language. */
export const WordStatusChangedV1 = defineIntegrationEvent(
  'verba.vocabulary.word-status-changed',
  1,
  z.object({
    userId: z.uuid(),
    language: z.enum(['de', 'fr', 'es', 'ru']),
    word: z.string().min(1).max(200),
    status: z.enum(['new', 'known', 'uncertain']),
  }),
);

const Language = z.enum(['de', 'fr', 'es', 'ru']);

/** A new account: the only identity fact is its pseudonymous id and how it signs in (no email, no name). */
export const UserRegisteredV1 = defineIntegrationEvent(
  'verba.identity.user-registered',
  1,
  z.object({ userId: z.uuid(), provider: z.enum(['password', 'google', 'facebook', 'apple']) }),
);

/** The learner's current learning language changed (onboarding or the language switch). */
export const LearningLanguageChangedV1 = defineIntegrationEvent(
  'verba.identity.learning-language-changed',
  1,
  z.object({ userId: z.uuid(), language: Language }),
);

/** Seconds the learner spent learning in a language (reader, chapters, practice report them). */
export const TimeSpentV1 = defineIntegrationEvent(
  'verba.identity.time-spent',
  1,
  z.object({ userId: z.uuid(), language: Language, seconds: z.number().int().positive() }),
);

/** A reader opened an article; counted once per reader, article and UTC day. */
export const ArticleReadV1 = defineIntegrationEvent(
  'verba.library.article-read',
  1,
  z.object({ userId: z.uuid(), articleId: z.uuid(), language: Language, day: z.iso.date() }),
);

/**
 * The reader's active time on one page of an article, with the page's words (issue 39.6): minutes read a day,
 * words read and words a minute per text. `seconds` is at most 600 a report.
 */
export const ReadingTimeV1 = defineIntegrationEvent(
  'verba.library.reading-time',
  1,
  z.object({
    userId: z.uuid(),
    articleId: z.uuid(),
    language: Language,
    pageNumber: z.number().int().min(1),
    seconds: z.number().int().positive(),
    words: z.number().int().min(0),
  }),
);

/** A learner completed a course chapter. */
export const ChapterCompletedV1 = defineIntegrationEvent(
  'verba.learning.chapter-completed',
  1,
  z.object({ userId: z.uuid(), courseId: z.uuid(), lessonId: z.uuid(), chapterId: z.uuid() }),
);

/** A flashcard was reviewed (in flashcards or a practice game). Published until v2 (which adds the schedule); kept for replays. */
const cardReviewed = z.object({
  userId: z.uuid(),
  cardId: z.uuid(),
  language: Language,
  rating: z.enum(['again', 'hard', 'good', 'easy']),
  source: z.enum(['flashcards', 'match-words', 'quick-quiz']),
});
export const CardReviewedV1 = defineIntegrationEvent('verba.practice.card-reviewed', 1, cardReviewed);

const FsrsState = z.enum(['new', 'learning', 'review', 'relearning']);

/**
 * A flashcard was reviewed, with where the card's schedule stands after it: its FSRS state, its scheduled
 * reviews so far (`reps`) and its lapses (a learned card forgotten). `scheduled` is false for a game's
 * repetition beyond the one a day that counts, which leaves the schedule as it was.
 */
const cardReviewedV2 = cardReviewed.extend({
  scheduled: z.boolean(),
  state: FsrsState,
  reps: z.number().int().min(0),
  lapses: z.number().int().min(0),
});
export const CardReviewedV2 = defineIntegrationEvent('verba.practice.card-reviewed', 2, cardReviewedV2);

/**
 * v3: a review may also come from the reader ("I knew it here" on a word with a card due, issue 39.3). v2's
 * `source` is frozen without it, so a consumer of v2 never meets a value it does not know.
 */
export const CardReviewedV3 = defineIntegrationEvent(
  'verba.practice.card-reviewed',
  3,
  cardReviewedV2.extend({ source: z.enum(['flashcards', 'match-words', 'quick-quiz', 'reader']) }),
);

/**
 * A learner undid a flashcard review (the review page's Undo): that review no longer counts, and the card's
 * schedule is again where it stood before it (`state`, `reps`, `lapses`). `reviewedAt` is when the undone
 * review was, so a consumer takes it off the right day.
 */
export const CardReviewUndoneV1 = defineIntegrationEvent(
  'verba.practice.card-review-undone',
  1,
  z.object({
    userId: z.uuid(),
    cardId: z.uuid(),
    language: Language,
    reviewedAt: z.iso.datetime({ offset: true }),
    state: FsrsState,
    reps: z.number().int().min(0),
    lapses: z.number().int().min(0),
  }),
);

/** A learner made a flashcard (its sides are the learner's text and stay inside Verba). */
export const CardCreatedV1 = defineIntegrationEvent(
  'verba.practice.card-created',
  1,
  z.object({ userId: z.uuid(), cardId: z.uuid(), language: Language }),
);

/** A learner deleted a flashcard. */
export const CardDeletedV1 = defineIntegrationEvent('verba.practice.card-deleted', 1, z.object({ userId: z.uuid(), cardId: z.uuid() }));

/**
 * The learner's Master subscription changed. `premium` says whether it grants Master now; Stripe's ids
 * and prices stay inside Verba.
 */
export const SubscriptionChangedV1 = defineIntegrationEvent(
  'verba.billing.subscription-changed',
  1,
  z.object({
    userId: z.uuid(),
    change: z.enum(['started', 'renewed', 'payment-failed', 'cancelled-at-period-end', 'changed', 'ended']),
    status: z.enum(['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused']),
    plan: z.enum(['monthly', 'annual', 'biannual']).nullable(),
    premium: z.boolean(),
    currentPeriodEnd: z.iso.datetime({ offset: true }),
  }),
);

/** Every version of every event, old ones included; consumers look definitions up by (type, version). */
export const INTEGRATION_EVENTS = [
  UserDeletedV1,
  WordStatusChangedV1,
  UserRegisteredV1,
  LearningLanguageChangedV1,
  TimeSpentV1,
  ArticleReadV1,
  ReadingTimeV1,
  ChapterCompletedV1,
  CardReviewedV1,
  CardReviewedV2,
  CardReviewedV3,
  CardReviewUndoneV1,
  CardCreatedV1,
  CardDeletedV1,
  SubscriptionChangedV1,
] as const;

export type KnownIntegrationEvent = z.output<(typeof INTEGRATION_EVENTS)[number]['schema']>;

const byTypeAndVersion = new Map(INTEGRATION_EVENTS.map((d) => [`${d.type}@${d.version}`, d]));

/**
 * Validates an event about to be published: against its (type, version) contract when it is a known
 * one, else against the envelope alone. Returns it parsed; throws (ZodError) when it breaks the contract.
 */
export function validateIntegrationEvent<E extends { type: string; version: number }>(event: E): E {
  const definition = byTypeAndVersion.get(`${event.type}@${event.version}`);
  return (definition ? definition.schema.parse(event) : IntegrationEventEnvelopeSchema.parse(event)) as unknown as E;
}

/**
 * Parses a received message value (JSON text or an object) against the contract for its type and version.
 * Throws on unknown types and versions too: a consumer decides whether to skip or stop on those.
 */
export function parseIntegrationEvent(value: unknown): KnownIntegrationEvent {
  const raw: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const head = z.object({ type: z.string(), version: z.number() }).parse(raw);
  const definition = byTypeAndVersion.get(`${head.type}@${head.version}`);
  if (!definition) throw new Error(`Unknown integration event ${head.type} v${head.version}`);
  return definition.schema.parse(raw) as KnownIntegrationEvent;
}
