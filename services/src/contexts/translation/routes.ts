import { ADMIN_PROMPT_MESSAGES, adminPromptRoutes as a, translationRoutes as r, type PromptKind } from '@verba/contracts';
import { HttpError } from '../../platform/http/problem';
import { formatPosition } from '../../platform/event-store/port';
import { registerRoute, type RouteHost } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { TranslationCommands } from './commands';
import type { TranslationQueries } from './queries';
import { promptsProjection } from './projections/prompts';
import { ownMeaningsProjection } from './projections/own-meanings';

/** The translation API of spec §7 (POST translationLimit is the speech context's: it owns the counter). */
export function translationRoutes(app: App, host: RouteHost, commands: TranslationCommands, queries: TranslationQueries): void {
  registerRoute(app, host, r.translate, async ({ body }) => queries.translate(body));
  registerRoute(app, host, r.translateAi, async ({ body }) => queries.translate(body));
  registerRoute(app, host, r.translateMultiWords, async ({ body }) => queries.translateMultiWords(body));
  registerRoute(app, host, r.checkPublicArticle, async ({ body }) => queries.checkArticle(body.name, body.content));

  registerRoute(app, host, r.getPrompts, async () => ({ prompts: await queries.prompts() }), { reads: [promptsProjection] });

  registerRoute(app, host, r.updatePrompt, async ({ user, body }) => {
    const { changed, position } = await commands.updatePrompt(body.kind, body.prompt, user.id, body.commandId);
    return { changed, ...(position ? { position: formatPosition(position) } : {}) };
  });

  // An admin page's read: the versions are cached until the prompts read model commits again.
  registerRoute(
    app,
    host,
    r.promptHistory,
    async ({ query, cached }) => ({ versions: await cached(() => queries.promptVersions(query.kind)) }),
    {
      reads: [promptsProjection],
      cached: 'admin',
    },
  );

  registerRoute(app, host, r.saveOwnMeaning, async ({ user, body }) => {
    const { changed, position } = await commands.saveOwnMeaning(user.id, body.languageCode, body.word, body.meaning, body.commandId);
    return { changed, ...(position ? { position: formatPosition(position) } : {}) };
  });

  registerRoute(
    app,
    host,
    r.getOwnMeaning,
    async ({ user, query }) => ({ word: query.word, meaning: await queries.ownMeaning(user.id, query.languageCode, query.word) }),
    { reads: [ownMeaningsProjection] },
  );

  // Admin prompt tools: restore an old version (a new version with its text) and test a prompt on a sample.
  const versionText = async (kind: PromptKind, version: number) => {
    const text = await queries.promptAt(kind, version);
    if (text === undefined) throw new HttpError(404, ADMIN_PROMPT_MESSAGES.versionNotFound);
    return text;
  };

  registerRoute(app, host, a.restorePrompt, async ({ user, params, body }) => {
    const prompt = await versionText(params.kind, body.version);
    const { changed, position } = await commands.updatePrompt(params.kind, prompt, user.id, body.commandId);
    return { changed, version: body.version, ...(position ? { position: formatPosition(position) } : {}) };
  });

  registerRoute(app, host, a.testPrompt, async ({ params, body }) => {
    const current = await queries.currentVersion(params.kind);
    // A draft runs against the current version; a saved version against the one before it.
    const version = body.prompt !== undefined ? null : (body.version ?? current);
    const prompt = body.prompt ?? (await versionText(params.kind, version!));
    const previousVersion = version === null ? current : version - 1;
    const input = { text: body.text, locale: body.locale, ...(body.languageCode ? { languageCode: body.languageCode } : {}) };
    const run = { version, prompt, ...(await queries.runPrompt(params.kind, prompt, input)) };
    if (previousVersion < 0) return { run, previous: null };
    const previousPrompt = await versionText(params.kind, previousVersion);
    return {
      run,
      previous: { version: previousVersion, prompt: previousPrompt, ...(await queries.runPrompt(params.kind, previousPrompt, input)) },
    };
  });
}
