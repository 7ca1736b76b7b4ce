import { sendCommand } from '@verba/kit';
import { useRouteQuery } from '@verba/kit/query';
import {
  PAGE_WORDS_MAX,
  addArticleProgress,
  countRead,
  getBookmark,
  recordReadingTime,
  setBookmark,
  textReading,
} from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { bookmarkRead } from './first-reads';

/** Where the learner stopped in the article, read where the reader opened (a quick return never shows an older page). */
export const useBookmark = (articleId: string, openedAt: string | undefined) =>
  useRouteQuery(getBookmark, bookmarkRead(articleId, openedAt));

/** The bookmark writes of each article, in order: quick page turns must not land out of order. */
const bookmarkWrites = new Map<string, Promise<void>>();

/**
 * Remembers the page (bookmark) and how far the reader got (progress, 100 on the last page).
 * Fire and forget: reading goes on if a write fails; reads after it wait for its position.
 */
export function savePosition(articleId: string, languageCode: LearningLanguage, pageNumber: number, totalPages: number): void {
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

/**
 * The active time on one page with its words (issue 39.6): minutes read, words read and words a minute.
 * Fire and forget like the read count; one resend with the same command id, so a retry counts once.
 */
export function reportReadingTime(
  articleId: string,
  language: LearningLanguage,
  page: { pageNumber: number; seconds: number; words: number },
): void {
  const body = { articleId, language, ...page, words: Math.min(PAGE_WORDS_MAX, page.words) };
  void sendCommand(recordReadingTime, { body }, { retries: 1 }).catch(() => undefined);
}

/** The learner's words read and words a minute in this text (after this tab's page reports). */
export const useTextReading = (articleId: string) => useRouteQuery(textReading, { query: { articleId } });
