import { client } from '@verba/kit';
import { queryClient, routeKey, useRouteQuery } from '@verba/kit/query';
import { addArticleProgress, countRead, getBookmark, setBookmark } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export const useBookmark = (articleId: string) => useRouteQuery(getBookmark, { query: { articleId } });

/**
 * Remembers the page (bookmark) and how far the reader got (progress, 100 on the last page).
 * Fire and forget: reading goes on if a write fails; the cached bookmark follows at once so a
 * return visit in this session reopens at the same page.
 */
export function savePosition(articleId: string, languageCode: LearningLanguage, pageNumber: number, totalPages: number): void {
  queryClient.setQueryData(routeKey(getBookmark, { query: { articleId } }), { bookmark: { articleId, totalPages, pageNumber } });
  void client.call(setBookmark, { body: { articleId, totalPages, pageNumber } }).catch(() => undefined);
  const progress = Math.round((pageNumber / totalPages) * 100);
  void client
    .call(addArticleProgress, { body: { articleProgressItem: { articleId, progress }, language: languageCode } })
    .catch(() => undefined);
}

/** Counts the read (the server counts once per reader and day) and makes it the last read article. */
export function recordRead(articleId: string, languageCode: LearningLanguage): void {
  void client.call(countRead, { body: { articleId, language: languageCode } }).catch(() => undefined);
}
