import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { PositionSchema, defineRoute } from './route';

/**
 * Review in the text (issue 39.3): the reader underlines the words whose card is due today, and the learner's
 * "I knew it here" is a review rated Good with source 'reader' (PATCH /api/flashcards), which schedules the
 * card at most once a day like the games and is only counted after that.
 */

/** Due cards one answer holds at most, soonest due first: more would underline half of any page. */
export const MAX_DUE_WORDS = 2000;

/** A card due today, as the reader matches it against the page's words. */
export const DueWordSchema = z.object({
  id: z.uuid(),
  /** The card's front as saved. */
  sourceValue: z.string(),
  /** The front as the reader keys words (entryKey: a word's wordKey, a phrase's words' keys joined by a space). */
  key: z.string(),
  targetValue: z.string(),
  /** The sentence the word was marked in, when the reader made the card. */
  sentence: z.string().optional(),
  dueDateStamp: z.number().int(),
});
export type DueWord = z.infer<typeof DueWordSchema>;

export const dueWords = defineRoute({
  method: 'GET',
  path: '/api/flashcards/due-words',
  access: 'user',
  summary:
    "The caller's cards in a language due by the end of their day (their time zone) and not already made or reviewed that day, soonest first",
  query: z.object({ languageCode: LearningLanguageSchema, minPosition: PositionSchema.optional() }),
  response: z.object({
    languageCode: LearningLanguageSchema,
    /** The end of the learner's day the list runs to (epoch ms). */
    endOfDayStamp: z.number().int(),
    words: z.array(DueWordSchema),
    /** More cards are due than MAX_DUE_WORDS: the soonest are listed. */
    truncated: z.boolean(),
  }),
});

export const readerReviewRoutes = { dueWords } as const;
