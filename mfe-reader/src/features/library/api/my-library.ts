import { sendCommand } from '@verba/kit';
import { keepPrevious, useRouteQuery } from '@verba/kit/query';
import { deletePrivateArticle, getArticleProgress, lastArticles, userArticles } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** The learner's own articles in every language (private, waiting for approval, public), newest first. */
export function useUserArticles() {
  return useRouteQuery(userArticles, {}, { placeholderData: keepPrevious });
}

/** The learner's last read articles in one language, newest first. */
export function useRecentlyRead(languageCode: LearningLanguage) {
  return useRouteQuery(lastArticles, { query: { languageCode } }, { placeholderData: keepPrevious });
}

/** How far the learner read each article of one language (asked only while there is something to show it on). */
export function useReadingProgress(languageCode: LearningLanguage, enabled: boolean) {
  return useRouteQuery(getArticleProgress, { query: { languageCode } }, { placeholderData: keepPrevious, enabled });
}

/** Deletes one of the learner's private articles; the lists of articles read after its position. */
export async function deleteOwnArticle(articleId: string) {
  await sendCommand(deletePrivateArticle, { query: { articleId } });
}
