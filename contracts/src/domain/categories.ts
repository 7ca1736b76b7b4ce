import { z } from 'zod';

/** Article categories, in the order the spec lists them (Other last). */
export const ARTICLE_CATEGORIES = [
  'Travel',
  'Food & Cooking',
  'History & Culture',
  'Health & Fitness',
  'Science & Technology',
  'Children',
  'Fiction',
  'Sports',
  'Language Learning',
  'Other',
] as const;
export const ArticleCategorySchema = z.enum(ARTICLE_CATEGORIES);
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
