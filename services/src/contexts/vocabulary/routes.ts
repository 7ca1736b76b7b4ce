import { vocabularyRoutes as r } from '@verba/contracts';
import { formatPosition } from '../../platform/event-store/port';
import { registerRoute, type Authenticator } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { MarkResult, VocabularyCommands } from './commands';
import type { VocabularyQueries } from './queries';

type ReadAfter = (minPosition: string | undefined) => Promise<void>;

const asResponse = (r: MarkResult) => ({ changed: r.changed, ...(r.position ? { position: formatPosition(r.position) } : {}) });

/**
 * The dictionary API of spec §7; every route acts on the caller's own dictionary only. Its analytics
 * (`dictionary/analytics`) answer from the analytics context's read model (contexts/analytics/routes.ts).
 */
export function vocabularyRoutes(
  app: App,
  auth: Authenticator,
  commands: VocabularyCommands,
  queries: VocabularyQueries,
  readAfter: ReadAfter,
): void {
  registerRoute(app, auth, r.getDictionary, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return { languageCode: query.languageCode, words: await queries.dictionary(user.id, query.languageCode) };
  });

  registerRoute(app, auth, r.patchDictionary, async ({ user, body }) =>
    asResponse(await commands.mark(user.id, body.languageCode, body.words, body.commandId)),
  );

  registerRoute(app, auth, r.patchWord, async ({ user, body }) => {
    const result = await commands.mark(user.id, body.languageCode, [body.word], body.commandId);
    return { ...asResponse(result), word: body.word };
  });

  registerRoute(app, auth, r.addMany, async ({ user, body }) =>
    asResponse(
      await commands.mark(
        user.id,
        body.languageCode,
        body.words.map((value) => ({ value, status: body.status })),
        body.commandId,
      ),
    ),
  );
}
