import type { LearningLanguage } from '@verba/contracts';

/**
 * The reads a reader page makes first, at the position it opened at: the article, the word statuses and the
 * bookmark. The reader and the library's prefetch (reader-chunk.ts) build them here, so both name the same
 * cached reads and the reader finds the prefetched answers (or the fetches in flight).
 */
export const articleRead = (id: string, openedAt: string | undefined) => ({
  params: { id },
  query: { minPosition: openedAt || undefined },
});
export const statusesRead = (languageCode: LearningLanguage, openedAt: string | undefined) => ({
  query: { languageCode, minPosition: openedAt || undefined },
});
export const bookmarkRead = (articleId: string, openedAt: string | undefined) => ({
  query: { articleId, minPosition: openedAt || undefined },
});
