import { z } from 'zod';
import { ArticleCategorySchema, LearningLanguageSchema, LevelSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

/** A public article entered the library (demo content now; authors and admins later). */
export const ArticlePublished = defineEvent(
  'library.ArticlePublished',
  z.object({
    articleId: z.uuid(),
    languageCode: LearningLanguageSchema,
    name: z.string().min(1).max(200),
    category: ArticleCategorySchema,
    level: LevelSchema,
    content: z.string().min(1),
    authorDisplayName: z.string(),
    at: z.iso.datetime(),
  }),
);

export const libraryEvents = [ArticlePublished] as const;
export type LibraryEvent = EventOf<(typeof libraryEvents)[number]>;

export const articleStream = (articleId: string) => `library-article-${articleId}`;
