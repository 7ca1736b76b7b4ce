import { describe, it, expect } from 'vitest';
import { ARTICLE_CATEGORIES, ArticleCategorySchema } from './categories';

describe('article categories', () => {
  it('are exactly the spec list', () => {
    expect(ARTICLE_CATEGORIES).toEqual([
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
    ]);
  });

  it('schema is exact (no "and" spelling, case-sensitive)', () => {
    expect(ArticleCategorySchema.safeParse('Food & Cooking').success).toBe(true);
    expect(ArticleCategorySchema.safeParse('Food and Cooking').success).toBe(false);
    expect(ArticleCategorySchema.safeParse('travel').success).toBe(false);
  });
});
