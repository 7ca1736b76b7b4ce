import { translationRoutes as r } from '@verba/contracts';
import { formatPosition } from '../../platform/event-store/port';
import { registerRoute, type Authenticator } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { TranslationCommands } from './commands';
import type { TranslationQueries } from './queries';

type ReadAfter = (minPosition: string | undefined) => Promise<void>;

/** The translation API of spec §7 (POST translationLimit is the speech context's: it owns the counter). */
export function translationRoutes(
  app: App,
  auth: Authenticator,
  commands: TranslationCommands,
  queries: TranslationQueries,
  readAfter: { prompts: ReadAfter; meanings: ReadAfter },
): void {
  registerRoute(app, auth, r.translate, async ({ body }) => queries.translate(body));
  registerRoute(app, auth, r.translateAi, async ({ body }) => queries.translate(body));
  registerRoute(app, auth, r.translateMultiWords, async ({ body }) => queries.translateMultiWords(body));
  registerRoute(app, auth, r.checkPublicArticle, async ({ body }) => queries.checkArticle(body.name, body.content));

  registerRoute(app, auth, r.getPrompts, async ({ query }) => {
    await readAfter.prompts(query.minPosition);
    return { prompts: await queries.prompts() };
  });

  registerRoute(app, auth, r.updatePrompt, async ({ user, body }) => {
    const { changed, position } = await commands.updatePrompt(body.kind, body.prompt, user.id, body.commandId);
    return { changed, ...(position ? { position: formatPosition(position) } : {}) };
  });

  registerRoute(app, auth, r.promptHistory, async ({ query }) => {
    await readAfter.prompts(query.minPosition);
    return { versions: await queries.promptVersions(query.kind) };
  });

  registerRoute(app, auth, r.saveOwnMeaning, async ({ user, body }) => {
    const { changed, position } = await commands.saveOwnMeaning(user.id, body.languageCode, body.word, body.meaning, body.commandId);
    return { changed, ...(position ? { position: formatPosition(position) } : {}) };
  });

  registerRoute(app, auth, r.getOwnMeaning, async ({ user, query }) => {
    await readAfter.meanings(query.minPosition);
    return { word: query.word, meaning: await queries.ownMeaning(user.id, query.languageCode, query.word) };
  });
}
