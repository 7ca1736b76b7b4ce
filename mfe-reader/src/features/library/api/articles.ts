import { api } from '@verba/kit';

/** GET /api/articles item. (Switch to the contract's ArticleSummarySchema once contracts exports it.) */
export interface ArticleSummary {
  id: string;
  name: string;
  category: string;
  generalDifficulty: string;
  totalWords: number;
  languageCode: string;
}

export const articlesPath = (languageCode: string) => `/api/articles?languageCode=${encodeURIComponent(languageCode)}`;

export function parseArticles(data: unknown): ArticleSummary[] {
  const articles = (data as { articles?: unknown } | undefined)?.articles;
  if (!Array.isArray(articles)) throw new Error('The library answered in an unexpected format.');
  return articles as ArticleSummary[];
}

export const fetchArticles = (languageCode: string) => api(articlesPath(languageCode), { parse: parseArticles });
