import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { FLASHCARD_SIDE_MAX } from '../domain/limits';
import { PositionSchema, defineRoute } from './route';

/** How many sentences the look-up answers at most (the learner picks one for a card). */
export const READING_SENTENCES_MAX = 5;

/** A sentence of a text the learner has read, with that text (its link back). */
export const ReadingSentenceSchema = z.object({
  sentence: z.string(),
  articleId: z.uuid(),
  /** The article's title. */
  title: z.string(),
});
export type ReadingSentence = z.infer<typeof ReadingSentenceSchema>;

export const readingSentences = defineRoute({
  method: 'GET',
  path: '/api/articles/sentences',
  access: 'user',
  summary: "Sentences with a word (or a form of its family) from the articles the caller has read, for a card's back",
  description:
    'At most 5 sentences, from the articles the caller opened most lately first, at most two an article; only articles the caller may still open (public, or their own private ones; premium-only ones for Master). Empty when none has the word.',
  query: z.object({
    languageCode: LearningLanguageSchema,
    word: z
      .string()
      .trim()
      .min(1, 'Required')
      .refine((w) => Array.from(w).length <= FLASHCARD_SIDE_MAX, `Maximum ${FLASHCARD_SIDE_MAX} letters are allowed`),
    minPosition: PositionSchema.optional(),
  }),
  response: z.object({ sentences: z.array(ReadingSentenceSchema).max(READING_SENTENCES_MAX) }),
});

export const sentenceRoutes = { readingSentences };
