import { getLearnFirst, LEARN_FIRST_TARGET_PERCENT, LIBRARY_MESSAGES as M } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { ModuleDeps } from '../../../platform/module';
import { actorOf } from '../domain/actor';
import { ArticleQueries } from '../queries/articles';
import { LearnFirstQueries } from '../queries/learn-first';
import { libraryReadModels } from './read-models';

/**
 * "Learn these first" (issue 39.7): for an article the caller may open (the reader's own rule: 404 for
 * another learner's private one, premium-only for Master), the unknown word families that lift it to 95%
 * known, with their first dictionary sense (the base word's, else a form's), from the dictionaries' owner
 * (translation's word meanings; none in a process without it).
 */
export function learnFirstRoutes(app: App, deps: ModuleDeps): void {
  const articles = new ArticleQueries(deps.db, deps.people);
  const queries = new LearnFirstQueries(deps.db);
  registerRoute(
    app,
    deps,
    getLearnFirst,
    async ({ user, query }) => {
      const article = await articles.get(await actorOf(deps, user), query.articleId);
      if (!article) throw new HttpError(404, M.articleNotFound);
      const counts = await queries.of(user.id, article, query.limit);
      const senses = await deps.wordMeanings.firstMeanings(article.languageCode, [
        ...new Set(counts.words.flatMap((w) => [w.word, ...w.forms])),
      ]);
      return {
        articleId: article.id,
        name: article.name,
        languageCode: article.languageCode,
        ...counts,
        targetPercent: LEARN_FIRST_TARGET_PERCENT,
        estimated: article.difficultyEstimated,
        words: counts.words.map((w) => ({ ...w, meaning: [w.word, ...w.forms].map((f) => senses.get(f)).find(Boolean) ?? null })),
      };
    },
    { reads: libraryReadModels },
  );
}
