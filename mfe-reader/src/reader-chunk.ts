import { positions } from '@verba/kit';
import { fetchRoute } from '@verba/kit/query';
import { getArticle, getBookmark, getDictionary } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { articleRead, bookmarkRead, statusesRead } from './features/reader/api/first-reads';

// The reader's code is its own chunk, fetched when a learner reaches for an article (pointer or focus on
// its link; see ArticleLink) or opens a reader page: the library's first load does not carry it.
export const loadReaderPage = () => import('./features/reader/components/ReaderPage');

const quietly = (read: Promise<unknown>) => void read.catch(() => undefined);

/**
 * A learner is opening an article (pressed its link): its first reads start now, beside the reader's code,
 * not after that code has loaded and rendered. A failed read is the reader's to show; it reads again.
 */
export function openingArticle(articleId: string, languageCode: LearningLanguage): void {
  void loadReaderPage();
  const openedAt = positions.latest();
  quietly(fetchRoute(getArticle, articleRead(articleId, openedAt)));
  quietly(fetchRoute(getDictionary, statusesRead(languageCode, openedAt)));
  quietly(fetchRoute(getBookmark, bookmarkRead(articleId, openedAt)));
}
