import { speechRoutes as r, translationLimit } from '@verba/contracts';
import { registerRoute, type Authenticator } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { SpeechCommands } from './commands';
import type { SpeechQueries } from './queries';

export function speechRoutes(app: App, auth: Authenticator, commands: SpeechCommands, queries: SpeechQueries): void {
  registerRoute(app, auth, r.synthesizeSpeech, async ({ user, body, reply }) => {
    const { audio, contentType } = await commands.speak(user.id, body);
    reply.header('content-type', contentType).header('cache-control', 'private, max-age=86400');
    return Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength);
  });

  // Listed with the translation routes in the spec, but the counter it reports is this context's.
  registerRoute(app, auth, translationLimit, async ({ user }) => queries.allowance(user.id));
}
