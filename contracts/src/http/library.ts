import { z } from 'zod';
import { ArticleCategorySchema } from '../domain/categories';
import { LearningLanguageSchema } from '../domain/languages';
import { LevelSchema } from '../domain/levels';
import { PositionSchema, defineRoute } from './route';

/** An article as the library lists it (no content). */
export const ArticleSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  languageCode: LearningLanguageSchema,
  category: ArticleCategorySchema,
  generalDifficulty: LevelSchema,
  totalWords: z.number().int(),
  authorDisplayName: z.string(),
  creationDate: z.number().int(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ArticleSchema = ArticleSummarySchema.extend({
  /** Plain text; paragraphs separated by a blank line. Rendered as text, never as HTML. */
  content: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

export const listArticles = defineRoute({
  method: 'GET',
  path: '/api/articles',
  access: 'user',
  summary: 'Public articles in one language, newest first',
  query: z.object({ languageCode: LearningLanguageSchema, minPosition: PositionSchema.optional() }),
  response: z.object({ articles: z.array(ArticleSummarySchema) }),
});

export const getArticle = defineRoute({
  method: 'GET',
  path: '/api/articles/:id',
  access: 'user',
  summary: 'One article with its text',
  params: z.object({ id: z.uuid({ message: 'Article not found' }) }),
  response: ArticleSchema,
});

export const libraryRoutes = { listArticles, getArticle };
