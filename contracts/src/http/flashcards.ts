import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { FLASHCARD_SIDE_MAX } from '../domain/limits';
import { MESSAGES } from '../domain/messages';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

/**
 * One side of a flashcard (spec §5): required, at most 300 letters. Letters are counted as characters a
 * person sees (code points), so an accented or Cyrillic letter counts once. The form and the API use it.
 */
export const FlashcardSideSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.form.required : 'Expected text') })
  .trim()
  .min(1, MESSAGES.form.required)
  .refine((s) => Array.from(s).length <= FLASHCARD_SIDE_MAX, MESSAGES.form.flashcardSideTooLong);

/** The flashcard form of spec §5: what the learner types. */
export const FlashcardFormSchema = z.object({ sourceValue: FlashcardSideSchema, targetValue: FlashcardSideSchema });
export type FlashcardForm = z.infer<typeof FlashcardFormSchema>;

export const FlashcardStatusSchema = z.enum(['known', 'uncertain']);
export type FlashcardStatus = z.infer<typeof FlashcardStatusSchema>;

/** Where a card was made in the reader: an article or a course chapter; absent for a card typed by hand. */
export const FlashcardOriginSchema = z.enum(['article', 'chapter']);
export type FlashcardOrigin = z.infer<typeof FlashcardOriginSchema>;

/** FSRS's card states, in its order. */
export const FsrsStateSchema = z.enum(['new', 'learning', 'review', 'relearning']);
export type FsrsState = z.infer<typeof FsrsStateSchema>;

/** How a learner rated a review (FSRS grades). */
export const ReviewRatingSchema = z.enum(['again', 'hard', 'good', 'easy']);
export type ReviewRating = z.infer<typeof ReviewRatingSchema>;

/**
 * Where a review came from. Flashcard sessions always schedule; games (match words, quick quiz) and the
 * reader's "I knew it here" schedule at most one review per card per day, further repetitions are only counted.
 */
export const ReviewSourceSchema = z.enum(['flashcards', 'match-words', 'quick-quiz', 'reader']);
export type ReviewSource = z.infer<typeof ReviewSourceSchema>;

export const FlashcardIdSchema = z.uuid({ message: 'Flashcard not found' });

const nullableText = z.string().nullable();

/** A card's sentence: a long sentence is cut by the reader to this many characters. */
export const FLASHCARD_SENTENCE_MAX = 1000;

/** A flashcard as the API returns it (spec §3); stamps are epoch milliseconds. */
export const FlashcardSchema = z.object({
  id: z.uuid(),
  languageCode: LearningLanguageSchema,
  sourceValue: z.string(),
  targetValue: z.string(),
  timePracticed: z.number().int(),
  creationDateStamp: z.number().int(),
  /** The last scheduled (FSRS) review; null before the first. */
  lastTimePracticedStamp: z.number().int().nullable(),
  origin: FlashcardOriginSchema.nullable(),
  originId: nullableText,
  originName: nullableText,
  /** The sentence of the text the word was marked in (a card the reader made); absent otherwise. */
  sentence: z.string().optional(),
  status: FlashcardStatusSchema,
  difficulty: z.number(),
  stability: z.number(),
  scheduledDays: z.number().int(),
  /** Whole days since the last scheduled review, as of the response (derived, never stored). */
  elapsedDays: z.number().int(),
  dueDateStamp: z.number().int(),
  state: FsrsStateSchema,
  /** The (re)learning step the card is at: with the rest, enough to preview each rating (`@verba/contracts/fsrs`). */
  learningSteps: z.number().int().default(0),
  reps: z.number().int(),
  lapses: z.number().int(),
});
export type Flashcard = z.infer<typeof FlashcardSchema>;

export const MAX_FLASHCARDS_PER_REQUEST = 500;

/** A new card: the form, optionally where it came from, and optionally a client-made id. */
export const NewFlashcardSchema = FlashcardFormSchema.extend({
  id: z.uuid().optional(),
  origin: FlashcardOriginSchema.optional(),
  originId: z.string().min(1).max(200).optional(),
  originName: z.string().max(300).optional(),
  /** The sentence the word was met in, shown with the card's back. */
  sentence: z.string().trim().max(FLASHCARD_SENTENCE_MAX).optional(),
  /**
   * At most one card a word: when the learner already has a card whose front is this word (its key) in the
   * language, that card's id is answered and nothing is made (the reader's Uncertain mark, from any tab).
   */
  oncePerWord: z.boolean().optional(),
});
export type NewFlashcard = z.infer<typeof NewFlashcardSchema>;

const languageCode = { languageCode: LearningLanguageSchema };
const commandId = { commandId: CommandIdSchema.optional() };
const changed = z.object({ position: PositionSchema.optional(), changed: z.number().int() });

export const listFlashcards = defineRoute({
  method: 'GET',
  path: '/api/flashcards',
  access: 'user',
  summary: "The signed-in user's flashcards in one language, newest first",
  query: z.object({ ...languageCode, status: FlashcardStatusSchema.optional(), minPosition: PositionSchema.optional() }),
  response: z.object({ languageCode: LearningLanguageSchema, flashcards: z.array(FlashcardSchema) }),
});

const createMany = z.object({
  ...languageCode,
  flashcards: z
    .array(NewFlashcardSchema)
    .min(1, 'At least one flashcard is required')
    .max(MAX_FLASHCARDS_PER_REQUEST, `At most ${MAX_FLASHCARDS_PER_REQUEST} flashcards at once`),
  ...commandId,
});
const created = changed.extend({ ids: z.array(z.uuid()) });

export const createFlashcards = defineRoute({
  method: 'POST',
  path: '/api/flashcards',
  access: 'user',
  summary: 'Create several flashcards (each starts Uncertain); ids are returned in the order sent',
  body: createMany,
  response: created,
  status: 201,
});

/** One review of a card; `id` names the card. */
export const ReviewSchema = z.object({ id: FlashcardIdSchema, rating: ReviewRatingSchema });

/** A card's schedule right after a review. */
export const ScheduleSchema = FlashcardSchema.pick({
  id: true,
  state: true,
  dueDateStamp: true,
  stability: true,
  difficulty: true,
  scheduledDays: true,
  reps: true,
  lapses: true,
  lastTimePracticedStamp: true,
}).extend({ scheduled: z.boolean() });

export const reviewFlashcards = defineRoute({
  method: 'PATCH',
  path: '/api/flashcards',
  access: 'user',
  summary: 'Record reviews (a practice session) and reschedule the cards with FSRS',
  body: z.object({
    reviews: z
      .array(ReviewSchema)
      .min(1, 'At least one review is required')
      .max(MAX_FLASHCARDS_PER_REQUEST, `At most ${MAX_FLASHCARDS_PER_REQUEST} reviews at once`),
    source: ReviewSourceSchema.default('flashcards'),
    ...commandId,
  }),
  /**
   * `notFound`: cards of the session that no longer exist (skipped); all gone is a 404. `reviewId` names
   * each review, for undoing it.
   */
  response: changed.extend({ cards: z.array(ScheduleSchema.extend({ reviewId: z.uuid() })), notFound: z.array(z.uuid()) }),
});

export const UNDO_MESSAGES = { notLast: 'Only the last review of a card can be undone.' } as const;

export const undoReview = defineRoute({
  method: 'POST',
  path: '/api/flashcards/undo-review',
  access: 'user',
  summary: "Undo a card's last flashcard review: the card gets back the schedule it had before (as Anki's Undo)",
  body: z.object({ id: FlashcardIdSchema, reviewId: z.uuid(), ...commandId }),
  /** `card`: the schedule the card has again. 409 when a later review of the card came after it. */
  response: changed.extend({ card: ScheduleSchema }),
});

export const createFlashcard = defineRoute({
  method: 'POST',
  path: '/api/flashcards/one',
  access: 'user',
  summary: 'Create one flashcard (starts Uncertain); with oncePerWord, an existing card of the word is answered instead',
  body: z.object({ ...languageCode, flashcard: NewFlashcardSchema, ...commandId }),
  response: changed.extend({ id: z.uuid() }),
  status: 201,
});

export const FLASHCARD_SENTENCE_TOO_LONG = `A sentence has at most ${FLASHCARD_SENTENCE_MAX} characters`;

/** A card's sentence as the learner edits it: '' removes it (as null does). */
export const FlashcardSentenceSchema = z
  .string()
  .trim()
  .refine((s) => Array.from(s).length <= FLASHCARD_SENTENCE_MAX, FLASHCARD_SENTENCE_TOO_LONG);

/**
 * An edit of a card: its sides, and optionally its sentence (null or '' removes it) and, for a sentence picked
 * from a text the learner read, that text as the card's origin (the link back to it).
 */
const edit = FlashcardFormSchema.extend({
  sentence: FlashcardSentenceSchema.nullable().optional(),
  origin: FlashcardOriginSchema.optional(),
  originId: z.string().min(1).max(200).optional(),
  originName: z.string().max(300).optional(),
});
const originWithId = (e: { origin?: unknown; originId?: unknown }) => (e.origin === undefined) === (e.originId === undefined);
const ORIGIN_NEEDS_ID = { message: 'An origin needs its id', path: ['originId'] };
export const FlashcardEditSchema = edit.refine(originWithId, ORIGIN_NEEDS_ID);
export type FlashcardEdit = z.infer<typeof FlashcardEditSchema>;

export const editFlashcard = defineRoute({
  method: 'PATCH',
  path: '/api/flashcards/one',
  access: 'user',
  summary: "Edit a flashcard's two sides, and its sentence and the text it came from",
  body: edit.extend({ id: FlashcardIdSchema, ...commandId }).refine(originWithId, ORIGIN_NEEDS_ID),
  response: changed,
});

export const deleteFlashcard = defineRoute({
  method: 'DELETE',
  path: '/api/flashcards/one',
  access: 'user',
  summary: 'Delete a flashcard (its reviews stay in the log)',
  body: z.object({ id: FlashcardIdSchema, ...commandId }),
  response: changed,
});

export const setFlashcardStatus = defineRoute({
  method: 'PATCH',
  path: '/api/flashcards/status',
  access: 'user',
  summary: 'Mark a flashcard Known or Uncertain',
  body: z.object({ id: FlashcardIdSchema, status: FlashcardStatusSchema, ...commandId }),
  response: changed,
});

/** Cards made from one article or chapter, enough for the reader to show which words have one. */
export const CreatedCardSchema = FlashcardSchema.pick({ id: true, sourceValue: true, targetValue: true, status: true });

export const createdFlashcards = defineRoute({
  method: 'GET',
  path: '/api/flashcards/created',
  access: 'user',
  summary: 'Flashcards already made from an article',
  query: z.object({ ...languageCode, articleId: z.string().min(1).max(200), minPosition: PositionSchema.optional() }),
  response: z.object({ articleId: z.string(), flashcards: z.array(CreatedCardSchema) }),
});

export const chapterFlashcards = defineRoute({
  method: 'GET',
  path: '/api/flashcards/chapter',
  access: 'user',
  summary: 'Flashcards made from a course chapter',
  query: z.object({ ...languageCode, chapterId: z.string().min(1).max(200), minPosition: PositionSchema.optional() }),
  response: z.object({ chapterId: z.string(), flashcards: z.array(FlashcardSchema) }),
});

export const createChapterFlashcards = defineRoute({
  method: 'POST',
  path: '/api/flashcards/chapter',
  access: 'user',
  summary: 'Create flashcards from a course chapter',
  body: createMany.omit({ flashcards: true }).extend({
    chapterId: z.string().min(1).max(200),
    chapterName: z.string().max(300).optional(),
    flashcards: z
      .array(FlashcardFormSchema.extend({ id: z.uuid().optional(), sentence: NewFlashcardSchema.shape.sentence }))
      .min(1, 'At least one flashcard is required')
      .max(MAX_FLASHCARDS_PER_REQUEST, `At most ${MAX_FLASHCARDS_PER_REQUEST} flashcards at once`),
  }),
  response: created,
  status: 201,
});

export const OriginStatusSchema = z.object({
  origin: FlashcardOriginSchema.nullable(),
  originId: nullableText,
  originName: nullableText,
  total: z.number().int(),
  known: z.number().int(),
  uncertain: z.number().int(),
  dueNow: z.number().int(),
});

export const flashcardsOriginStatus = defineRoute({
  method: 'GET',
  path: '/api/flashcards/flashcards-origin-status',
  access: 'user',
  summary: 'Per article or chapter: how many cards, how many Known, Uncertain and due now',
  query: z.object({ ...languageCode, minPosition: PositionSchema.optional() }),
  response: z.object({ origins: z.array(OriginStatusSchema) }),
});

/** The practice portal's overview. */
export const FlashcardsInfoSchema = z.object({
  languageCode: LearningLanguageSchema,
  total: z.number().int(),
  known: z.number().int(),
  uncertain: z.number().int(),
  dueNow: z.number().int(),
  /** Due before the end of today (UTC), including those due now. */
  dueToday: z.number().int(),
  /** Graduated from learning: FSRS state Review. */
  learned: z.number().int(),
  /** Next due more than 180 days away (spec §9 "mastered"). */
  mastered: z.number().int(),
  /** Consecutive UTC days with practice, ending today, or yesterday when not yet practiced today. */
  streak: z.number().int(),
  practicedToday: z.boolean(),
  /** The soonest due date, for "next review in ..." (null without cards). */
  nextDueStamp: z.number().int().nullable(),
});

export const flashcardsInfo = defineRoute({
  method: 'GET',
  path: '/api/flashcards/info',
  access: 'user',
  summary: 'Due now, due today, learned and the practice streak in one language',
  query: z.object({ ...languageCode, minPosition: PositionSchema.optional() }),
  response: FlashcardsInfoSchema,
});

export const ANALYTICS_DAYS = 30;

export const flashcardsAnalytics = defineRoute({
  method: 'GET',
  path: '/api/flashcards/analytics',
  access: 'user',
  summary: `Practice per day over the last ${ANALYTICS_DAYS} days, with the streak`,
  query: z.object({ ...languageCode, minPosition: PositionSchema.optional() }),
  response: z.object({
    languageCode: LearningLanguageSchema,
    streak: z.number().int(),
    longestStreak: z.number().int(),
    /** Oldest first; `day` is YYYY-MM-DD (UTC); days without practice have 0. */
    days: z.array(z.object({ day: z.string(), reviews: z.number().int() })),
    /** The cards now in each FSRS state (new, learning, review, relearning). */
    // Every state, written out (a record keyed by the enum says the same, but OpenAPI 3.0 cannot: it keeps
    // the required keys and drops their names).
    cardsByState: z.object({ new: z.number().int(), learning: z.number().int(), review: z.number().int(), relearning: z.number().int() }),
    /**
     * All reviews of the cards now held, and their lapses (a learned card forgotten: rated Again in FSRS
     * state Review). Retention is 1 - lapses / reviews; null before the first review.
     */
    retention: z.object({ reviews: z.number().int(), lapses: z.number().int(), rate: z.number().nullable() }),
  }),
});

export const flashcardRoutes = {
  listFlashcards,
  createFlashcards,
  reviewFlashcards,
  undoReview,
  createFlashcard,
  editFlashcard,
  deleteFlashcard,
  setFlashcardStatus,
  createdFlashcards,
  chapterFlashcards,
  createChapterFlashcards,
  flashcardsOriginStatus,
  flashcardsInfo,
  flashcardsAnalytics,
};
