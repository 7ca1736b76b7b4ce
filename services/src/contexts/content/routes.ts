import { ANNOUNCEMENT_MESSAGES, LANGUAGE_AUDIENCES, audiencesOf, contentRoutes as r, type SupportMessage } from '@verba/contracts';
import { formatPosition, type Position } from '../../platform/event-store/port';
import { HttpError } from '../../platform/http/problem';
import { registerRoute, SESSION_EXPIRED, type Authenticator } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { AnnouncementCommands } from './commands/announcements';
import type { DismissalCommands } from './commands/dismissals';
import type { AnnouncementQueries } from './queries';
import type { LocalBrevo } from './adapters/brevo/local';
import type { Brevo } from './adapters/brevo/port';
import type { SupportMail } from './commands/support';

type ReadAfter = (minPosition: string | undefined) => Promise<void>;

const withPosition = (r: { position?: Position }) => (r.position ? { position: formatPosition(r.position) } : {});
const OK = { ok: true as const };
export const CONTACT_NOT_FOUND = 'You are not on the mailing list.';

export interface ContentRouteDeps {
  auth: Authenticator;
  announcements: AnnouncementCommands;
  dismissals: DismissalCommands;
  announcementQueries: AnnouncementQueries;
  readAfter: ReadAfter;
  brevo: Brevo | LocalBrevo;
  support: SupportMail;
  now: () => Date;
}

/** Announcements (admin writes, user listing by group), the /api/brevo proxy and the support form. */
export function contentRoutes(app: App, d: ContentRouteDeps): void {
  const { auth } = d;

  registerRoute(app, auth, r.listAnnouncements, async ({ user, query }) => {
    const role = await auth.currentRole(user.id);
    if (!role) throw new HttpError(401, SESSION_EXPIRED);
    // Content does not know a user's languages: language groups' banners go along, and the browser,
    // whose session has the languages, shows only its own (audiencesOf with them).
    const audiences = [...audiencesOf({ role, subscription: (await auth.isMaster(user.id)) ? 'master' : 'free' }), ...LANGUAGE_AUDIENCES];
    await d.readAfter(query.minPosition);
    return { announcements: await d.announcementQueries.active(audiences, d.now(), user.id) };
  });

  registerRoute(app, auth, r.dismissAnnouncement, async ({ user, params, body }) =>
    withPosition(await d.dismissals.dismiss(user.id, params.announcementId, body.commandId)),
  );

  registerRoute(app, auth, r.adminListAnnouncements, async ({ query }) => {
    await d.readAfter(query.minPosition);
    return { ...(await d.announcementQueries.page(query.page, query.pageSize)), page: query.page, pageSize: query.pageSize };
  });

  registerRoute(app, auth, r.adminGetAnnouncement, async ({ params, query }) => {
    await d.readAfter(query.minPosition);
    const found = await d.announcementQueries.one(params.id);
    if (!found) throw new HttpError(404, ANNOUNCEMENT_MESSAGES.notFound);
    return found;
  });

  registerRoute(app, auth, r.adminCreateAnnouncement, async ({ user, body }) => {
    const { commandId, ...input } = body;
    const { id, position } = await d.announcements.publish(input, user.id, commandId);
    return { id, ...withPosition({ position }) };
  });

  registerRoute(app, auth, r.adminUpdateAnnouncement, async ({ user, params, body }) =>
    withPosition(await d.announcements.revise(params.id, body, user.id)),
  );

  registerRoute(app, auth, r.adminDeleteAnnouncement, async ({ user, params }) =>
    withPosition(await d.announcements.delete(params.id, user.id)),
  );

  // Marketing contacts: always the caller's own, keyed by their user id.
  registerRoute(app, auth, r.brevoCreateUser, async ({ user, body }) => {
    await d.brevo.createContact(user.id, body);
    return OK;
  });

  registerRoute(app, auth, r.brevoUpdateUser, async ({ user, body }) => {
    if (!(await d.brevo.updateContact(user.id, body))) throw new HttpError(404, CONTACT_NOT_FOUND);
    return OK;
  });

  registerRoute(app, auth, r.brevoGetUser, async ({ user }) => ({ contact: (await d.brevo.getContact(user.id)) ?? null }));

  registerRoute(app, auth, r.brevoUpdateBlacklist, async ({ user, body }) => {
    if (!(await d.brevo.updateContact(user.id, { emailBlacklisted: body.emailBlacklisted }))) throw new HttpError(404, CONTACT_NOT_FOUND);
    return OK;
  });

  registerRoute(app, auth, r.brevoDeleteUser, async ({ user }) => {
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
  registerRoute(app, auth, r.sendSupportAdmin, sendSupport('toSupportTeam'));
  registerRoute(app, auth, r.sendSupportUser, sendSupport('confirmToSender'));

  registerRoute(app, auth, r.adminBrevoCalls, async () => ({
    adapter: d.brevo.name,
    calls: 'calls' in d.brevo ? d.brevo.calls() : [],
  }));
}
