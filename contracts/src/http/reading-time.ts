import { z } from 'zod';
import { PAGE_SECONDS_MAX } from '../domain/goals';
import { LearningLanguageSchema } from '../domain/languages';
import { LIBRARY_MESSAGES as M } from './library';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

/** The most words a reader's page may say it holds (the reader's pages are far shorter). */
export const PAGE_WORDS_MAX = 5000;

/**
 * The reader's active time on one page of an article (issue 39.6): seconds while the tab was visible and the
 * learner had interacted in the last READING_IDLE_MS, at most PAGE_SECONDS_MAX a report, with the page's words.
 * Analytics projects minutes read per day, words read and words a minute per text from it.
 */
export const recordReadingTime = defineRoute({
  method: 'POST',
  path: '/api/articles/reading-time',
  access: 'user',
  summary: "Record the caller's active reading time on one page of an article, with the page's words",
  body: z.object({
    articleId: z.uuid({ message: M.articleNotFound }),
    language: LearningLanguageSchema,
    pageNumber: z.number().int().min(1),
    seconds: z.number().int().min(1).max(PAGE_SECONDS_MAX),
    words: z.number().int().min(0).max(PAGE_WORDS_MAX),
    commandId: CommandIdSchema.optional(),
  }),
  response: z.object({ position: PositionSchema.optional() }),
});
