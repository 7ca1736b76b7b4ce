import { readingSentences } from '@verba/contracts';
import { registerRoute } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { ModuleDeps } from '../../../platform/module';
import { actorOf } from '../domain/actor';
import { ArticleQueries } from '../queries/articles';
import { SentenceQueries } from '../queries/sentences';
import { libraryReadModels } from './read-models';

/**
 * A card's sentence from the learner's reading (issue 39.1): the texts they read that have the word or its family,
 * articles and (through the platform's chapter reading port) course chapters; minPosition waits on both.
 */
export function sentenceRoutes(app: App, deps: ModuleDeps): void {
  const queries = new SentenceQueries(deps.db, new ArticleQueries(deps.db, deps.people), deps.chapterReading);
  registerRoute(
    app,
    deps,
    readingSentences,
    async ({ user, query }) => ({ sentences: await queries.find(await actorOf(deps, user), query.languageCode, query.word) }),
    { reads: [...libraryReadModels, ...deps.chapterReading.readModels] },
  );
}
