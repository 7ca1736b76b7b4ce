import { vocabularyRoutes as r, wordFamilyRoutes as f, type WordStatus } from '@verba/contracts';
import { formatPosition } from '../../platform/event-store/port';
import { registerRoute, type RouteHost } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import { dictionaryProjection } from './projections/dictionary';
import { familiesProjection } from './projections/families';
import type { MarkResult, VocabularyCommands } from './commands';
import type { VocabularyQueries } from './queries';

/** The wire's `value` (the spec's name for a word's text) is the commands' `word`. */
const fromWire = ({ value, status }: { value: string; status: WordStatus }) => ({ word: value, status });
const asResponse = (r: MarkResult) => ({ changed: r.changed, ...(r.position ? { position: formatPosition(r.position) } : {}) });

/**
 * The dictionary API of spec §7; every route acts on the caller's own dictionary only. Its analytics
 * (`dictionary/analytics`) answer from the analytics context's read model (contexts/analytics/routes.ts).
 */
export function vocabularyRoutes(app: App, host: RouteHost, commands: VocabularyCommands, queries: VocabularyQueries): void {
  registerRoute(
    app,
    host,
    r.getDictionary,
    async ({ user, query }) => ({ languageCode: query.languageCode, words: await queries.dictionary(user.id, query.languageCode) }),
    { reads: [dictionaryProjection] },
  );

  registerRoute(app, host, r.patchDictionary, async ({ user, body }) =>
    asResponse(await commands.mark(user.id, body.languageCode, body.words.map(fromWire), body.commandId)),
  );

  registerRoute(app, host, r.patchWord, async ({ user, body }) => {
    const result = await commands.mark(user.id, body.languageCode, [fromWire(body.word)], body.commandId);
    return { ...asResponse(result), word: body.word };
  });

  registerRoute(app, host, r.addMany, async ({ user, body }) =>
    asResponse(
      await commands.mark(
        user.id,
        body.languageCode,
        body.words.map((word) => ({ word, status: body.status })),
        body.commandId,
      ),
    ),
  );
}

/**
 * Word families (issue 38.2): the look-up of base words as the caller sees them, the learner's own split /
 * base word / rejoin (their dictionary only), and admins' corrections for everyone (admin routes).
 */
export function wordFamilyRoutes(app: App, host: RouteHost, commands: VocabularyCommands, queries: VocabularyQueries): void {
  registerRoute(
    app,
    host,
    f.getWordFamilies,
    async ({ user, query }) => ({
      languageCode: query.languageCode,
      words: await queries.families(user.id, query.languageCode, query.words),
    }),
    { reads: [familiesProjection] },
  );

  registerRoute(app, host, f.splitWordOff, async ({ user, body }) =>
    asResponse(await commands.chooseBase(user.id, body.languageCode, body.word, body.word, body.commandId)),
  );

  registerRoute(app, host, f.setOwnBase, async ({ user, body }) =>
    asResponse(await commands.chooseBase(user.id, body.languageCode, body.word, body.base, body.commandId)),
  );

  registerRoute(app, host, f.rejoinWord, async ({ user, body }) =>
    asResponse(await commands.chooseBase(user.id, body.languageCode, body.word, null, body.commandId)),
  );

  registerRoute(
    app,
    host,
    f.getBaseCorrection,
    async ({ query }) => ({
      languageCode: query.languageCode,
      word: query.word,
      ...(await queries.correction(query.languageCode, query.word)),
    }),
    { reads: [familiesProjection] },
  );

  registerRoute(app, host, f.correctBase, async ({ user, body }) =>
    asResponse(await commands.correctBase(user.id, body.languageCode, body.word, body.base, body.commandId)),
  );
}
