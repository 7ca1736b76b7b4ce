import { client } from '@verba/kit';
import { queryClient, routeKey, useRouteQuery } from '@verba/kit/query';
import { addArticleProgress, countRead, getBookmark, setBookmark } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

const positionKey = (articleId: string) => `verba:bookmark-position:${articleId}`;

/**
 * Where the last bookmark write landed, kept in this browser: reopening the article asks for the
 * bookmark at or after it (read-your-writes), so a quick return never shows an older page.
 */
export function storedBookmarkPosition(articleId: string): string | undefined {
  try {
    return window.localStorage.getItem(positionKey(articleId)) ?? undefined;
  } catch {
    return undefined;
  }
}

const bookmarkInput = (articleId: string, minPosition: string | undefined) => ({ query: { articleId, minPosition } });

/** `minPosition`: read once when the article opens (storedBookmarkPosition). */
export const useBookmark = (articleId: string, minPosition: string | undefined) => useRouteQuery(getBookmark, bookmarkInput(articleId, minPosition));

/** The bookmark writes of each article, in order: quick page turns must not land out of order. */
const bookmarkWrites = new Map<string, Promise<void>>();

/**
 * Remembers the page (bookmark) and how far the reader got (progress, 100 on the last page).
 * Fire and forget: reading goes on if a write fails; the cached bookmark follows at once.
 */
export function savePosition(
  articleId: string,
  languageCode: LearningLanguage,
  pageNumber: number,
  totalPages: number,
  minPosition: string | undefined,
): void {
  queryClient.setQueryData(routeKey(getBookmark, bookmarkInput(articleId, minPosition)), { bookmark: { articleId, totalPages, pageNumber } });
  const write = (bookmarkWrites.get(articleId) ?? Promise.resolve())
    .then(() => client.call(setBookmark, { body: { articleId, totalPages, pageNumber } }))
    .then(({ position }) => {
      try {
        if (position) window.localStorage.setItem(positionKey(articleId), position);
      } catch {
        // Storage may be disabled: the bookmark is saved all the same, only possibly read a moment late.
      }
    })
    .catch(() => undefined);
  bookmarkWrites.set(articleId, write);
  const progress = Math.round((pageNumber / totalPages) * 100);
  void client
    .call(addArticleProgress, { body: { articleProgressItem: { articleId, progress }, language: languageCode } })
    .catch(() => undefined);
}

/** Counts the read (the server counts once per reader and day) and makes it the last read article. */
export function recordRead(articleId: string, languageCode: LearningLanguage): void {
  void client.call(countRead, { body: { articleId, language: languageCode } }).catch(() => undefined);
}
