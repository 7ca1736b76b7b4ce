import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { LIBRARY_MESSAGES } from './library';
import { PositionSchema, defineRoute } from './route';

/**
 * "Learn these first" (issue 39.7): the word families of an article the learner does not know yet, most
 * frequent first, just as many as lift the text to LEARN_FIRST_TARGET_PERCENT known (the Too Easy label's
 * threshold), each with its first dictionary meaning.
 */
export const LEARN_FIRST_TARGET_PERCENT = 95;
export const LEARN_FIRST_DEFAULT_WORDS = 20;
export const LEARN_FIRST_MAX_WORDS = 50;

/** One word family to learn: its base word, its forms as the text writes them (keys), and how often they occur. */
export const LearnFirstWordSchema = z.object({
  /** The family's base word (the dictionary form): what a card's front and a Known mark take. */
  word: z.string(),
  /** The family's forms met in the text (word keys), most frequent first. */
  forms: z.array(z.string()),
  /** Occurrences of the family in the text (Ignored forms left out, as the label leaves them). */
  count: z.number().int(),
  /** `uncertain`: the learner marked some form Uncertain; `new`: none marked. */
  status: z.enum(['new', 'uncertain']),
  /** The first sense of the bundled dictionary (the base word's, else a form's); null when it has none. */
  meaning: z.string().nullable(),
  /** The first sentence of the text with one of the forms, for a card's back. */
  sentence: z.string().nullable(),
});
export type LearnFirstWord = z.infer<typeof LearnFirstWordSchema>;

export const LearnFirstSchema = z.object({
  articleId: z.uuid(),
  /** The article's name, for the cards' origin. */
  name: z.string(),
  languageCode: LearningLanguageSchema,
  /** Word occurrences the label counts (Ignored ones left out). */
  totalWords: z.number().int(),
  /** Of them, those known now by family (the label's rule, from the learner's marks). */
  knownWords: z.number().int(),
  /** Known share now and once every listed word is known, in whole percents rounded down (95 means the label's 95%). */
  knownPercent: z.number().int(),
  knownPercentAfter: z.number().int(),
  targetPercent: z.number().int(),
  /** True while the article's label is still estimated from the learner's level (few marks yet): the share here counts marks only. */
  estimated: z.boolean(),
  /** Most frequent first; empty when the text is already at the target. */
  words: z.array(LearnFirstWordSchema),
});
export type LearnFirst = z.infer<typeof LearnFirstSchema>;

export const getLearnFirst = defineRoute({
  method: 'GET',
  path: '/api/articles/learn-first',
  access: 'user',
  summary: 'Learn these first: the unknown word families that lift an article to 95% known, most frequent first, with meanings',
  description:
    'Counts by word family as the difficulty label does (from the caller’s marks, not the onboarding estimate). Takes families until the text is 95% known or `limit` is reached.',
  query: z.object({
    articleId: z.uuid({ message: LIBRARY_MESSAGES.articleNotFound }),
    limit: z.coerce.number().int().min(1).max(LEARN_FIRST_MAX_WORDS).default(LEARN_FIRST_DEFAULT_WORDS),
    minPosition: PositionSchema.optional(),
  }),
  response: LearnFirstSchema,
  errors: {
    403: LIBRARY_MESSAGES.premiumOnly,
    404: `${LIBRARY_MESSAGES.articleNotFound} (also another learner's private article)`,
  },
});

export const learnFirstRoutes = { getLearnFirst };
