import { LearningLanguageChangedV1, TimeSpentV1, UserDeletedV1, UserRegisteredV1 } from '@verba/contracts/integration';
import { readEventData } from '../../platform/decider/events';
import type { BaseDeps, Module } from '../../platform/module';
import { OnboardingCompleted, ProfileUpdated, TimeRecorded, UserDeleted, UserRegistered, userStream } from './events';
import { writeThrough } from '../../platform/http/write-through';
import { PersonalDataVault } from './domain/personal-data';
import { devMailboxRoutes, identityRoutes } from './routes/account';
import { ProfileCommands } from './commands/profile';
import { ProfileQueries } from './queries/profile';
import { profileRoutes } from './routes/profile';
import { avatarRoutes, migrateAvatars } from './domain/avatars';
import { DevMailbox } from '../../platform/mail/dev-mailbox';
import { LinkSigner } from './domain/links';
import { identityMailReactor } from './reactors/mail';
import { seedDemoUsers } from './seed';
import { registerSocialRoutes } from './routes/social';
import { createSocial, type Social } from './adapters/social/social';
import { AccountCommands, type Accounts } from './commands/account';
import { AccountQueries } from './queries/account';
import { PeopleQueries } from './queries/people';
import { TimeZoneQueries } from './queries/time-zones';
import { usersProjection } from './projections/users';
import { AdminHistory } from './queries/history';
import { historyRoutes } from './routes/history';
import { migrateSessions, Sessions } from './domain/sessions';
import { migrateNameIndex, NameIndex } from './domain/name-index';
import { AdminUserQueries } from './queries/admin-users';
import { adminUserRoutes } from './routes/admin-users';
import { perRuntime } from '../../platform/per-runtime';

interface Identity {
  accounts: Accounts;
  admin: AdminUserQueries;
  sessions: Sessions;
  vault: PersonalDataVault;
  links: LinkSigner;
  /** Social sign-in, once the routes are registered (tests reach its dev provider and tracking). */
  social?: Social;
}

/** One set of accounts per runtime, shared by the authenticator, the routes, the reactors and the seed. */
const identityOf = perRuntime((deps): Identity => {
  const vault = new PersonalDataVault(deps.personalData, deps.secrets.derive('email-lookup'));
  const links = new LinkSigner(deps.secrets.derive('signed-links'));
  const queries = new AccountQueries({ db: deps.db, vault, entitlements: deps.entitlements });
  const nameIndex = new NameIndex(deps.db, vault, deps.secrets.derive('name-search'));
  const admin = new AdminUserQueries({ db: deps.db, vault, entitlements: deps.entitlements, nameIndex });
  const commands = new AccountCommands({
    queries,
    links,
    now: deps.now,
    emailPasswordAccounts: deps.config.EMAIL_PASSWORD_ACCOUNTS,
    store: deps.store,
    db: deps.db,
    vault,
    cache: deps.cache,
    nameIndex,
    ...(deps.mailer instanceof DevMailbox ? { forgetMail: (email: string) => (deps.mailer as DevMailbox).forget(email) } : {}),
    users: writeThrough(deps.projections, [usersProjection]),
  });
  const sessions = new Sessions({
    db: deps.db,
    jwtKey: deps.secrets.derive('session-jwt'),
    secureCookies: deps.config.COOKIE_SECURE ?? deps.config.NODE_ENV === 'production',
    roleOf: (userId) => queries.roleOf(userId),
  });
  return { accounts: { commands, queries }, admin, sessions, vault, links };
});
const identity = (deps: BaseDeps): Identity => identityOf.of(deps);

/** Account events live in `identity-user-<userId>` and do not repeat the id in their data. */
function userIdOfStream(streamId: string): string {
  const prefix = userStream('');
  if (!streamId.startsWith(prefix)) throw new Error(`Not a user stream: ${streamId}`);
  return streamId.slice(prefix.length);
}

/** Social sign-in of a runtime whose routes are registered (tests reach its dev provider and tracking). */
export const socialOf = (deps: BaseDeps): Social | undefined => identity(deps).social;

/** The account commands of a runtime (tests and the seed use them directly). */
export const accountCommands = (deps: BaseDeps): AccountCommands => identity(deps).accounts.commands;

export const identityModule: Module = {
  name: 'identity',
  async migrate(db) {
    await migrateSessions(db);
    await migrateAvatars(db);
    await migrateNameIndex(db);
  },
  projections: [usersProjection],
  history: { user: (id) => [userStream(id)] },
  integration: {
    [UserDeleted.type]: (recorded) => {
      const data = UserDeleted.schema.parse(recorded.data);
      return UserDeletedV1.create({ id: recorded.id, occurredAt: data.at, key: data.userId, data: { userId: data.userId } });
    },
    // Only the pseudonymous id and the sign-in kind leave: email and name stay sealed in the log.
    [UserRegistered.type]: (recorded) => {
      const { userId, provider, at } = readEventData(UserRegistered, recorded);
      return UserRegisteredV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, provider } });
    },
    [OnboardingCompleted.type]: (recorded) => {
      const { language, at } = readEventData(OnboardingCompleted, recorded);
      const userId = userIdOfStream(recorded.streamId);
      return LearningLanguageChangedV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, language } });
    },
    [ProfileUpdated.type]: (recorded) => {
      const { currentLearningLanguage: language, at } = readEventData(ProfileUpdated, recorded);
      if (!language) return null;
      const userId = userIdOfStream(recorded.streamId);
      return LearningLanguageChangedV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, language } });
    },
    [TimeRecorded.type]: (recorded) => {
      const { userId, language, seconds, at } = readEventData(TimeRecorded, recorded);
      return TimeSpentV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, language, seconds } });
    },
  },
  provides: {
    authenticator(deps) {
      const { accounts, sessions } = identity(deps);
      return {
        authenticate: (request, reply) => sessions.authenticate(request, reply),
        currentRole: (userId) => accounts.queries.roleOf(userId),
        csrfToken: (user) => sessions.csrfToken(user.sessionId),
      };
    },
    people(deps) {
      return new PeopleQueries({ db: deps.db, vault: identity(deps).vault });
    },
    timeZones(deps) {
      return new TimeZoneQueries(deps.db);
    },
  },
  reactors(deps) {
    const { vault, links } = identity(deps);
    return [identityMailReactor({ store: deps.store, vault, links, mailer: deps.mailer, appUrl: deps.appUrl })];
  },
  async routes(app, deps) {
    const { accounts, sessions, vault } = identity(deps);
    identityRoutes(app, deps, accounts, sessions, writeThrough(deps.projections, [usersProjection]));
    adminUserRoutes(app, deps, { accounts, sessions, admin: identity(deps).admin });
    historyRoutes(app, deps, new AdminHistory({ store: deps.store, streams: deps.history, people: deps.people }));
    await avatarRoutes(app, deps, deps.db);
    const profiles = new ProfileQueries({ db: deps.db, vault, accounts: accounts.queries });
    const profileCommands = new ProfileCommands({
      store: deps.store,
      db: deps.db,
      vault,
      accounts: accounts.commands,
      queries: profiles,
      now: deps.now,
    });
    profileRoutes(app, deps, { commands: profileCommands, queries: profiles });
    if (deps.mailer instanceof DevMailbox && deps.config.NODE_ENV !== 'production') devMailboxRoutes(app, deps, deps.mailer);
    const social = createSocial(app, deps, identity(deps));
    identity(deps).social = social;
    registerSocialRoutes(app, deps, social, sessions);
  },
  async started(deps) {
    const shredded = await identity(deps).accounts.commands.shredLeftovers();
    if (shredded) deps.log.info({ shredded }, 'finished interrupted account erasures');
  },
  seed: (deps) => seedDemoUsers(identity(deps).accounts.commands),
};
