import { ANNOUNCEMENT_MESSAGES, LANGUAGE_AUDIENCES, audiencesOf, contentRoutes as r, type SupportMessage } from '@verba/contracts';
import { formatPosition, type Position } from '../../platform/event-store/port';
import { HttpError } from '../../platform/http/problem';
import { registerRoute, SESSION_EXPIRED, type RouteHost } from '../../platform/http/routes';
import type { Entitlements } from '../../platform/module';
import type { App } from '../../platform/http/server';
import type { AnnouncementCommands } from './commands/announcements';
import type { DismissalCommands } from './commands/dismissals';
import type { AnnouncementQueries } from './queries';
import type { LocalBrevo } from './adapters/brevo/local';
import type { Brevo } from './adapters/brevo/port';
import type { SupportMail } from './commands/support';
import { announcementsProjection } from './projections/announcements';
import { dismissalsProjection } from './projections/dismissals';

const withPosition = (r: { position?: Position }) => (r.position ? { position: formatPosition(r.position) } : {});
const OK = { ok: true as const };
export const CONTACT_NOT_FOUND = 'You are not on the mailing list.';

export interface ContentRouteDeps {
  host: RouteHost;
  /** Each user's subscription (billing's), for the Master and Free banners. */
  entitlements: Pick<Entitlements, 'subscriptionOf'>;
  announcements: AnnouncementCommands;
  dismissals: DismissalCommands;
  announcementQueries: AnnouncementQueries;
  brevo: Brevo | LocalBrevo;
  support: SupportMail;
  now: () => Date;
}

/** Announcements (admin writes, user listing by group), the /api/brevo proxy and the support form. */
export function contentRoutes(app: App, d: ContentRouteDeps): void {
  const { host } = d;
  const { auth } = host;

  registerRoute(
    app,
    host,
    r.listAnnouncements,
    async ({ user }) => {
      const role = await auth.currentRole(user.id);
      if (!role) throw new HttpError(401, SESSION_EXPIRED);
      // Content does not know a user's languages: language groups' banners go along, and the browser,
      // whose session has the languages, shows only its own (audiencesOf with them).
      const audiences = [...audiencesOf({ role, subscription: await d.entitlements.subscriptionOf(user.id) }), ...LANGUAGE_AUDIENCES];
      return { announcements: await d.announcementQueries.active(audiences, d.now(), user.id) };
    },
    { reads: [announcementsProjection, dismissalsProjection] },
  );

  registerRoute(app, host, r.dismissAnnouncement, async ({ user, params, body }) =>
    withPosition(await d.dismissals.dismiss(user.id, params.announcementId, body.commandId)),
  );

  registerRoute(
    app,
    host,
    r.adminListAnnouncements,
    async ({ query, cached }) => ({
      ...(await cached(() => d.announcementQueries.page(query.page, query.pageSize))),
      page: query.page,
      pageSize: query.pageSize,
    }),
    // The admin's pages read the announcements alone (not who dismissed them).
    { reads: [announcementsProjection], cached: 'admin' },
  );

  registerRoute(
    app,
    host,
    r.adminGetAnnouncement,
    async ({ params, cached }) => {
      const found = await cached(() => d.announcementQueries.one(params.id));
      if (!found) throw new HttpError(404, ANNOUNCEMENT_MESSAGES.notFound);
      return found;
    },
    { reads: [announcementsProjection], cached: 'admin' },
  );

  registerRoute(app, host, r.adminCreateAnnouncement, async ({ user, body }) => {
    const { commandId, ...input } = body;
    const { id, position } = await d.announcements.publish(input, user.id, commandId);
    return { id, ...withPosition({ position }) };
  });

  registerRoute(app, host, r.adminUpdateAnnouncement, async ({ user, params, body }) =>
    withPosition(await d.announcements.revise(params.id, body, user.id)),
  );

  registerRoute(app, host, r.adminDeleteAnnouncement, async ({ user, params }) =>
    withPosition(await d.announcements.delete(params.id, user.id)),
  );

  // Marketing contacts: always the caller's own, keyed by their user id.
  registerRoute(app, host, r.brevoCreateUser, async ({ user, body }) => {
    await d.brevo.createContact(user.id, body);
    return OK;
  });

  registerRoute(app, host, r.brevoUpdateUser, async ({ user, body }) => {
    if (!(await d.brevo.updateContact(user.id, body))) throw new HttpError(404, CONTACT_NOT_FOUND);
    return OK;
  });

  registerRoute(app, host, r.brevoGetUser, async ({ user }) => ({ contact: (await d.brevo.getContact(user.id)) ?? null }));

  registerRoute(app, host, r.brevoUpdateBlacklist, async ({ user, body }) => {
    if (!(await d.brevo.updateContact(user.id, { emailBlacklisted: body.emailBlacklisted }))) throw new HttpError(404, CONTACT_NOT_FOUND);
    return OK;
  });

  registerRoute(app, host, r.brevoDeleteUser, async ({ user }) => {
    if (!(await d.brevo.deleteContact(user.id))) throw new HttpError(404, CONTACT_NOT_FOUND);
    return OK;
  });

  // A limited sender gets 429 with Retry-After (SupportRateLimited).
  const sendSupport =
    (which: 'toSupportTeam' | 'confirmToSender') =>
    async (i: { body: SupportMessage; request: { ip: string }; user: { id: string } | undefined }) => {
      await d.support[which](i.body, { ip: i.request.ip, ...(i.user ? { userId: i.user.id } : {}) });
      return OK;
    };
  registerRoute(app, host, r.sendSupportAdmin, sendSupport('toSupportTeam'));
  registerRoute(app, host, r.sendSupportUser, sendSupport('confirmToSender'));

  registerRoute(app, host, r.adminBrevoCalls, async () => ({
    adapter: d.brevo.name,
    calls: 'calls' in d.brevo ? d.brevo.calls() : [],
  }));
}
