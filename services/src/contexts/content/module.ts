import type { Module } from '../../platform/module';
import { AnnouncementCommands } from './commands/announcements';
import { DismissalCommands } from './commands/dismissals';
import { AnnouncementQueries } from './queries';
import { guardBrevo } from './adapters/brevo/guard';
import { createHttpBrevo } from './adapters/brevo/http';
import { createLocalBrevo } from './adapters/brevo/local';
import { announcementsProjection } from './projections/announcements';
import { dismissalsProjection } from './projections/dismissals';
import { announcementStream } from './events';
import { imageUsageProjection } from './projections/image-usage';
import { contentRoutes } from './routes';
import { seedWelcomeBanner } from './seed';
import { SupportMail } from './commands/support';
import { perRuntime } from '../../platform/per-runtime';
import type { Brevo } from './adapters/brevo/port';
import type { LocalBrevo } from './adapters/brevo/local';
import { brevoErasureReactor } from './reactors/erasure';
import { imageRoutes, migrateImages } from './domain/images';
import { mediaStorageFor } from '../../platform/storage/select';

// One Brevo adapter per runtime, shared by the routes and the erasure reactor, so the local adapter's recorded
// calls and contacts are one set. Brevo when an API key is configured; otherwise the local adapter, whose calls
// admins can read.
const brevoOf = perRuntime(({ config, log }): Brevo | LocalBrevo =>
  guardBrevo(
    config.BREVO_API_KEY
      ? createHttpBrevo({
          apiKey: config.BREVO_API_KEY,
          baseUrl: config.BREVO_BASE_URL,
          sender: { email: config.SUPPORT_EMAIL, name: 'Verba' },
        })
      : createLocalBrevo(),
    log,
  ),
);

/** Content: announcement banners, the email-marketing proxy (/api/brevo) and the support form. */
export const contentModule: Module = {
  name: 'content',
  projections: [announcementsProjection, dismissalsProjection, imageUsageProjection],
  history: { announcement: (id) => [announcementStream(id)] },
  async routes(app, deps) {
    const { config } = deps;
    const brevo = brevoOf.of(deps);
    contentRoutes(app, {
      host: deps,
      entitlements: deps.entitlements,
      announcements: new AnnouncementCommands(deps.store),
      dismissals: new DismissalCommands(deps.store),
      announcementQueries: new AnnouncementQueries(deps.db),
      brevo,
      support: new SupportMail(brevo, deps.cache, config.SUPPORT_EMAIL),
      now: deps.now,
    });
    await imageRoutes(app, deps, deps.db, mediaStorageFor(config, 'images'));
  },
  migrate: migrateImages,
  reactors: (deps) => [brevoErasureReactor(brevoOf.of(deps), deps.log)],
  seed: (deps) => seedWelcomeBanner(new AnnouncementCommands(deps.store)),
};
