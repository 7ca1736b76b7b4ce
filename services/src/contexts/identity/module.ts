import { UserDeletedV1 } from '@verba/contracts/integration';
import type { BaseDeps, Module } from '../../platform/module';
import { UserDeleted } from './events';
import { readAfterFor } from '../../platform/http/read-your-writes';
import { migratePersonalData, PersonalDataVault } from './personal-data';
import { devMailboxRoutes, identityRoutes } from './routes';
import { ProfileService } from './profile';
import { profileRoutes } from './profile-routes';
import { avatarRoutes, migrateAvatars } from './avatars';
import { DevMailbox } from '../../platform/mail/dev-mailbox';
import { LinkSigner } from './links';
import { identityMailReactor } from './mail-reactor';
import { seedDemoUsers } from './seed';
import { registerSocialRoutes } from './social/routes';
import { createSocial, type Social } from './social/social';
import { IdentityService, usersProjection } from './service';
import { migrateSessions, Sessions } from './sessions';

interface Identity {
  service: IdentityService;
  sessions: Sessions;
  vault: PersonalDataVault;
  links: LinkSigner;
}

// One service per runtime (deps object), shared by the authenticator, the routes and the seed.
const instances = new WeakMap<BaseDeps['db'], Identity>();
function identity(deps: BaseDeps): Identity {
  let found = instances.get(deps.db);
  if (!found) {
    const vault = new PersonalDataVault(deps.db, deps.secrets.derive('email-lookup'));
    const links = new LinkSigner(deps.secrets.derive('signed-links'));
    const service = new IdentityService({
      links,
      now: deps.now,
      emailPasswordAccounts: deps.config.EMAIL_PASSWORD_ACCOUNTS,
      store: deps.store,
      db: deps.db,
      vault,
      cache: deps.cache,
      waitFor: (position) => deps.projections.waitFor(position, { projections: [usersProjection.name], timeoutMs: 5000 }),
    });
    const sessions = new Sessions({
      db: deps.db,
      jwtKey: deps.secrets.derive('session-jwt'),
      secureCookies: deps.config.COOKIE_SECURE ?? deps.config.NODE_ENV === 'production',
      roleOf: (userId) => service.roleOf(userId),
    });
    found = { service, sessions, vault, links };
    instances.set(deps.db, found);
  }
  return found;
}

const socials = new WeakMap<BaseDeps['db'], Social>();
/** Social sign-in of a runtime whose routes are registered (tests reach its dev provider and tracking). */
export const socialOf = (deps: BaseDeps): Social | undefined => socials.get(deps.db);

/** The account service of a runtime (tests and the seed use it directly). */
export const identityService = (deps: BaseDeps): IdentityService => identity(deps).service;

export const identityModule: Module = {
  name: 'identity',
  async migrate(db) {
    await migratePersonalData(db);
    await migrateSessions(db);
    await migrateAvatars(db);
  },
  projections: [usersProjection],
  integration: {
    [UserDeleted.type]: (recorded) => {
      const data = UserDeleted.schema.parse(recorded.data);
      return UserDeletedV1.create({ id: recorded.id, occurredAt: data.at, key: data.userId, data: { userId: data.userId } });
    },
  },
  authenticator(deps) {
    const { service, sessions } = identity(deps);
    return {
      authenticate: (request, reply) => sessions.authenticate(request, reply),
      currentRole: (userId) => service.roleOf(userId),
      isMaster: (userId) => service.isMaster(userId),
    };
  },
  reactors(deps) {
    const { vault, links } = identity(deps);
    return [identityMailReactor({ store: deps.store, vault, links, mailer: deps.mailer, appUrl: deps.appUrl })];
  },
  async routes(app, deps) {
    const { service, sessions } = identity(deps);
    const readAfter = readAfterFor(deps.projections, [usersProjection.name]);
    identityRoutes(app, deps.auth, service, sessions, readAfter);
    const { vault } = identity(deps);
    await avatarRoutes(app, deps.auth, deps.db);
    profileRoutes(app, deps.auth, new ProfileService({ store: deps.store, db: deps.db, vault, service, now: deps.now }), readAfter);
    if (deps.mailer instanceof DevMailbox && deps.config.NODE_ENV !== 'production') devMailboxRoutes(app, deps.auth, deps.mailer);
    const social = createSocial(app, deps, identity(deps));
    socials.set(deps.db, social);
    registerSocialRoutes(app, deps, social, sessions);
  },
  async started(deps) {
    const shredded = await identity(deps).service.shredLeftovers();
    if (shredded) deps.log.info({ shredded }, 'finished interrupted account erasures');
  },
  seed: (deps) => seedDemoUsers(identity(deps).service),
};
