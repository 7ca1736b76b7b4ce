import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { FLASHCARD_SIDE_MAX } from '../domain/limits';
import { FlashcardOriginSchema } from './flashcards';
import { PositionSchema, defineRoute } from './route';

/** How many sentences the look-up answers at most (the learner picks one for a card). */
export const READING_SENTENCES_MAX = 5;

/**
 * A sentence of a text the learner has read, with that text (its link back): an article or a course chapter,
 * named as a card names its origin, so a picked sentence's text becomes the card's origin.
 */
export const ReadingSentenceSchema = z.object({
  sentence: z.string(),
  /** The kind of text: 'article' (the reader) or 'chapter' (the course's chapter page). */
  origin: FlashcardOriginSchema,
  /** The article's or the chapter's id. */
  originId: z.uuid(),
  /** The article's or the chapter's title. */
  title: z.string(),
  /** The article's id again, on an article's sentence only (the shape before chapters were quoted). */
  articleId: z.uuid().optional(),
});
export type ReadingSentence = z.infer<typeof ReadingSentenceSchema>;

export const readingSentences = defineRoute({
  method: 'GET',
  path: '/api/articles/sentences',
  access: 'user',
  summary: "Sentences with a word (or a form of its family) from the articles and course chapters the caller has read, for a card's back",
  description:
    "At most 5 sentences, from the texts the caller read most lately first, at most two a text. The texts are the articles the caller opened or read and the course chapters they completed (a chapter counts as read from its first completion; the 20 they completed last are looked into), in the word's language. Only texts the caller may still open are quoted: public articles or their own private ones, premium-only articles for Master; chapters that are not hidden, premium chapters for Master. Each sentence links back to its text: `origin` 'article' with the article's id (also in `articleId`), or 'chapter' with the chapter's id. Empty when none has the word.",
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
