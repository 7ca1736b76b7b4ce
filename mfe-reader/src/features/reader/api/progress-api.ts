import { sendCommand } from '@verba/kit';
import { queryClient, routeKey, useRouteQuery } from '@verba/kit/query';
import { addArticleProgress, countRead, getBookmark, setBookmark } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

const bookmarkInput = (articleId: string, minPosition: string | undefined) => ({ query: { articleId, minPosition } });

/**
 * `minPosition`: the tab's latest write, read once when the article opens (the kit's position store,
 * which the bookmark writes below feed), so a quick return never shows an older page.
 */
export const useBookmark = (articleId: string, minPosition: string | undefined) =>
  useRouteQuery(getBookmark, bookmarkInput(articleId, minPosition));

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
  queryClient.setQueryData(routeKey(getBookmark, bookmarkInput(articleId, minPosition)), {
    bookmark: { articleId, totalPages, pageNumber },
  });
  // In order per article, so a resend (same command id) can never land after a later page's write.
  const write = (bookmarkWrites.get(articleId) ?? Promise.resolve())
    .then(() => sendCommand(setBookmark, { body: { articleId, totalPages, pageNumber } }, { retries: 2 }))
    .then(
      () => undefined,
      () => undefined,
    );
  bookmarkWrites.set(articleId, write);
  const progress = Math.round((pageNumber / totalPages) * 100);
  void sendCommand(addArticleProgress, { body: { articleProgressItem: { articleId, progress }, language: languageCode } }).catch(
    () => undefined,
  );
}

/** Counts the read (the server counts once per reader and day) and makes it the last read article. */
export function recordRead(articleId: string, languageCode: LearningLanguage): void {
  void sendCommand(countRead, { body: { articleId, language: languageCode } }).catch(() => undefined);
}
