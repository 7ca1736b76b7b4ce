import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { FlashcardIdSchema, FlashcardSchema, ScheduleSchema } from './flashcards';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

const languageCode = { languageCode: LearningLanguageSchema };

export const PRACTICE_SESSION_DEFAULT = 20;
export const PRACTICE_SESSION_MAX = 100;
/** The due count of a session list stops here (shown as "100+"): counting further costs every request. */
export const DUE_COUNT_MAX = 100;

export const practiceFlashcards = defineRoute({
  method: 'GET',
  path: '/api/practice/flashcards',
  access: 'user',
  summary: 'Cards to practice: those due now first (most overdue first), then the next ones due',
  query: z.object({
    ...languageCode,
    limit: z.coerce.number().int().min(1).max(PRACTICE_SESSION_MAX).default(PRACTICE_SESSION_DEFAULT),
    minPosition: PositionSchema.optional(),
  }),
  response: z.object({
    /** How many cards are due now, up to DUE_COUNT_MAX (the list holds at most `limit`); exact in /flashcards/info. */
    dueCount: z.number().int(),
    flashcards: z.array(FlashcardSchema.extend({ isDue: z.boolean() })),
  }),
});

export const MATCH_PAIRS = 6;

/** A card as a game shows it. */
export const GameCardSchema = FlashcardSchema.pick({ id: true, sourceValue: true, targetValue: true });

export const matchSentence = defineRoute({
  method: 'GET',
  path: '/api/practice/match-sentence',
  access: 'user',
  summary: `Up to ${MATCH_PAIRS} pairs to match (phrases and sentences first, due cards first); targets shuffled`,
  query: z.object({ ...languageCode, minPosition: PositionSchema.optional() }),
  response: z.object({
    pairs: z.array(GameCardSchema),
    /** The same targets in a shuffled order, for the right-hand column. */
    targets: z.array(z.object({ id: z.uuid(), targetValue: z.string() })),
  }),
});

export const QUIZ_OPTIONS = 4;
export const QUIZ_LENGTH = 10;

/** One question: which of the options translates `sourceValue`; the answer is the card's own id. */
export const QuizQuestionSchema = z.object({
  id: z.uuid(),
  sourceValue: z.string(),
  options: z.array(z.object({ id: z.uuid(), targetValue: z.string() })),
  /** The learner's dictionary has the word as Uncertain. */
  uncertainInDictionary: z.boolean(),
});

export const quickQuizList = defineRoute({
  method: 'GET',
  path: '/api/practice/quick-quiz/list',
  access: 'user',
  summary: `Up to ${QUIZ_LENGTH} questions: words Uncertain in the dictionary and due cards first`,
  query: z.object({ ...languageCode, minPosition: PositionSchema.optional() }),
  response: z.object({ questions: z.array(QuizQuestionSchema) }),
});

export const quickQuizOne = defineRoute({
  method: 'GET',
  path: '/api/practice/quick-quiz/one',
  access: 'user',
  summary: 'One question, about the given card or else the next one to practice',
  query: z.object({ ...languageCode, id: FlashcardIdSchema.optional(), minPosition: PositionSchema.optional() }),
  response: z.object({ question: QuizQuestionSchema.nullable() }),
});

export const quickQuizAnswer = defineRoute({
  method: 'PATCH',
  path: '/api/practice/quick-quiz/one/update',
  access: 'user',
  summary: 'Record an answer: right counts as Good, wrong as Again (scheduled at most once a day per card)',
  body: z.object({ id: FlashcardIdSchema, answerId: z.uuid(), commandId: CommandIdSchema.optional() }),
  response: z.object({ correct: z.boolean(), position: PositionSchema.optional(), card: ScheduleSchema }),
});

export const practiceRoutes = { practiceFlashcards, matchSentence, quickQuizList, quickQuizOne, quickQuizAnswer };
