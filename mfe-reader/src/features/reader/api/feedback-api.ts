import { sendCommand } from '@verba/kit';
import { useRouteQuery } from '@verba/kit/query';
import { flagArticles, getRating, rateArticle } from '@verba/contracts/http';

/** The article's average and the learner's own rating; re-read after this tab's writes. */
export function useRating(articleId: string) {
  return useRouteQuery(getRating, { query: { articleId } }, { placeholderData: (previous) => previous });
}

/** Rates 1-5; the library's lists, read after its position, show the new average. */
export async function rate(articleId: string, value: number) {
  await sendCommand(rateArticle, { body: { articleId, rate: value } });
}

/** Asks the moderators to review an article the learner did not write, with their reason. */
export const flagForReview = (articleId: string, reason: string) =>
  sendCommand(flagArticles, { body: { articleIds: [articleId], reason } });
