import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  MESSAGES,
  RoleSchema,
  VERIFY_RESEND_LIMIT,
  VERIFY_RESEND_TOO_MANY,
  type LearningLanguage,
  type Level,
  type Role,
  type UserView,
} from '@verba/contracts';
import type { Cache } from '../../../platform/cache/port';
import { createRateLimiter, type RateLimiter } from '../../../platform/cache/rate-limiter';
import { DomainError } from '../../../platform/decider/decider';
import { EventCodec } from '../../../platform/decider/events';
import { handleCommand } from '../../../platform/decider/handle-command';
import type { EventStore, Position } from '../../../platform/event-store/port';
import { HttpError, RateLimitedError } from '../../../platform/http/problem';
import { emailDecider, userDecider, type AdminActor, type UserCommand } from '../deciders/account-decider';
import type { NameIndex } from '../domain/name-index';
import { emailEvents, emailStream, userEvents, userStream } from '../events';
import { hashPassword, verifyAgainstNobody, verifyPassword } from '../domain/passwords';
import type { PersonalDataVault } from '../domain/personal-data';
import { toView, type AccountQueries, type UserRow } from '../queries/account';
import { LINK_TTL_MS, type LinkSigner } from '../domain/links';
import { deleteAvatar } from '../domain/avatars';
import { SignInThrottle } from '../domain/sign-in-throttle';
import type { WriteThrough } from '../../../platform/http/write-through';

const userCodec = new EventCodec([...userEvents]);
const emailCodec = new EventCodec([...emailEvents]);

export interface AccountCommandsOptions {
  store: EventStore;
  db: Knex;
  vault: PersonalDataVault;
  queries: AccountQueries;
  cache: Cache;
  /** The users read model, which sign-in, roles and the admin lists read right after these commands. */
  users: Pick<WriteThrough, 'settle'>;
  /** Signs verification and reset links. */
  links: LinkSigner;
  /** False when email/password accounts are switched off (EMAIL_PASSWORD_ACCOUNTS=false). */
  emailPasswordAccounts?: boolean;
  now?: () => Date;
  /** Erasure: forgets mail kept for the address (the dev mailbox). */
  forgetMail?: (email: string) => Promise<void>;
  /** Erasure: the admin search's blind index of the name. */
  nameIndex?: Pick<NameIndex, 'forget'>;
}

/** A link that fails its signature check: the same answer as a used or expired one, minus the reason. */
export const INVALID_LINK = 'This link is invalid. Please request a new one.';
export const RESET_LIMIT = { perEmail: 3, windowMs: 15 * 60 * 1000 };

/** Account commands (registration, sign-in checks, verification, passwords, roles, erasure); reads are in queries/account.ts. */
export class AccountCommands {
  private readonly signInThrottle: SignInThrottle;
  private readonly resetLimiter: RateLimiter;
  private readonly resendLimiter: RateLimiter;
  private readonly now: () => Date;

  constructor(private readonly o: AccountCommandsOptions) {
    this.now = o.now ?? (() => new Date());
    this.signInThrottle = new SignInThrottle(o.cache, this.now);
    this.resetLimiter = createRateLimiter(o.cache, { limit: RESET_LIMIT.perEmail, windowMs: RESET_LIMIT.windowMs, prefix: 'reset:email' });
    this.resendLimiter = createRateLimiter(o.cache, {
      limit: VERIFY_RESEND_LIMIT.perAddress,
      windowMs: VERIFY_RESEND_LIMIT.windowMs,
      prefix: 'verify-resend:email',
    });
  }

  async register(input: { email: string; password: string; name?: string }): Promise<{ user: UserView; position: Position }> {
    if (this.o.emailPasswordAccounts === false) throw new HttpError(403, MESSAGES.registration.emailPasswordDisabled);
    const { vault } = this.o;
    const emailHash = vault.emailHash(input.email);
    const userId = randomUUID();
    const at = this.now().toISOString();
    await handleCommand({
      store: this.o.store,
      codec: emailCodec,
      decider: emailDecider,
      streamId: emailStream(emailHash),
      command: { kind: 'claim', userId, at, goneHolder: await this.goneEmailHolder(emailHash) },
      commandId: randomUUID(),
      actor: null, // nobody is signed in while registering
    });
    const key = await vault.createKey(userId);
    const name = input.name ?? input.email.split('@')[0]!;
    const { position } = await this.command(
      userId,
      {
        kind: 'register',
        userId,
        emailHash,
        email: vault.encrypt(key, input.email.trim()),
        name: vault.encrypt(key, name),
        passwordHash: vault.encrypt(key, await hashPassword(input.password)),
        at,
      },
      null,
    );
    const verification = await this.requestVerification(userId);
    await this.o.users.settle(verification.position ?? position!);
    // The account exists once its events are in the log; a read model that is slow to follow (a busy
    // embedded database) must not turn a successful registration into an error.
    const user: UserView = (await this.o.queries.view(userId)) ?? {
      uid: userId,
      name,
      email: input.email.trim(),
      role: 'User',
      subscription: 'free',
      currentLearningLanguage: null,
      learnedLanguages: [],
      languageLevels: {},
      creationDateStamp: Date.parse(at),
      showMainOnboarding: true,
      emailVerified: false,
    };
    return { user, position: verification.position ?? position! };
  }

  /**
   * Checks credentials under the failed-attempt throttle of (account, client) (domain/sign-in-throttle.ts):
   * 429 SignInThrottled with the seconds to wait; the same answer whether or not the email exists.
   */
  async verifyCredentials(email: string, password: string, client: string): Promise<{ userId: string; role: Role; view: UserView }> {
    if (this.o.emailPasswordAccounts === false) throw new HttpError(403, MESSAGES.registration.emailPasswordDisabled);
    const emailHash = this.o.vault.emailHash(email);
    const found = await this.signInThrottle.attempt(emailHash, client, async () => {
      const row: UserRow | undefined = await this.o.db('identity_users').where({ email_hash: emailHash }).first();
      const key = row ? await this.o.vault.keyFor(row.user_id) : undefined;
      const ok =
        row?.password_enc && key
          ? await verifyPassword(this.o.vault.decrypt(key, row.password_enc), password)
          : await verifyAgainstNobody(password);
      return ok && row && key ? { row, key } : undefined;
    });
    if (!found) throw new HttpError(401, MESSAGES.signIn.incorrectCredentials);
    const { row, key } = found;
    if (row.disabled) throw new HttpError(403, MESSAGES.signIn.userDisabled);
    return {
      userId: row.user_id,
      role: RoleSchema.parse(row.role),
      view: toView(this.o.vault, row, key, await this.o.queries.subscriptionOf(row.user_id)),
    };
  }

  async updateProfile(userId: string, changes: { name?: string; currentLearningLanguage?: LearningLanguage }) {
    const key = await this.o.vault.keyFor(userId);
    if (!key) throw new DomainError('User not found', 404);
    return this.command(
      userId,
      {
        kind: 'update-profile',
        ...(changes.name !== undefined ? { name: this.o.vault.encrypt(key, changes.name) } : {}),
        ...(changes.currentLearningLanguage ? { currentLearningLanguage: changes.currentLearningLanguage } : {}),
        at: this.now().toISOString(),
      },
      userId,
    );
  }

  completeOnboarding(userId: string, language: LearningLanguage, level: Level) {
    return this.command(userId, { kind: 'complete-onboarding', language, level, at: this.now().toISOString() }, userId);
  }

  /** `actor`: the admin asking (an admin's account only an Owner disables); none for the seed. */
  async setDisabled(userId: string, disabled: boolean, by: string, actor?: AdminActor) {
    const { position } = await this.command(
      userId,
      { kind: 'set-disabled', disabled, by, ...(actor ? { actor } : {}), at: this.now().toISOString() },
      by,
    );
    if (position) await this.o.users.settle(position);
    return position;
  }

  /** `actor`: the admin asking (their powers are checked); none for the seed. */
  async changeRole(userId: string, role: Role, by: string, actor?: AdminActor) {
    const owners = await this.o.queries.countOwners();
    const result = await this.command(
      userId,
      { kind: 'change-role', role, by, ...(actor ? { actor } : {}), owners, at: this.now().toISOString() },
      actor ? by : null,
    );
    // The next role change counts Owners from the read model: it must have this one.
    if (result.position) await this.o.users.settle(result.position);
    return result;
  }

  /**
   * Deletes the account: the event first (read models drop the rows), then the key (the log goes dark).
   * `by`: who asks (the user or an admin); `actor`: the admin's powers, none when users delete their own.
   * The same erasure either way.
   */
  async deleteAccount(userId: string, by: string, actor?: AdminActor): Promise<Position> {
    const row = await this.o.db('identity_users').where({ user_id: userId }).first('email_hash', 'email_enc');
    const at = this.now().toISOString();
    const owners = await this.o.queries.countOwners();
    const { position } = await this.command(userId, { kind: 'delete', userId, ...(actor ? { actor } : {}), owners, at }, by);
    if (row) {
      await handleCommand({
        store: this.o.store,
        codec: emailCodec,
        decider: emailDecider,
        streamId: emailStream(row.email_hash),
        command: { kind: 'release', userId, at },
        commandId: randomUUID(),
        actor: by,
      });
    }
    const key = row && this.o.forgetMail ? await this.o.vault.keyFor(userId) : undefined;
    if (key) await this.o.forgetMail!(this.o.vault.decrypt(key, row.email_enc as string));
    await this.o.vault.shred(userId);
    await deleteAvatar(this.o.db, userId);
    await this.o.nameIndex?.forget(userId);
    return position!;
  }

  /** Finishes erasures a crash interrupted: deleted users whose key is still there. */
  async shredLeftovers(): Promise<number> {
    const deleted: string[] = await this.o.db('identity_deleted_users').pluck('user_id');
    const ids = await this.o.vault.withKeys(deleted);
    for (const id of ids) await this.o.vault.shred(id);
    return ids.length;
  }

  /** Issues a new verification link (the reactor emails it); older links stop working. */
  requestVerification(userId: string) {
    const at = this.now();
    return this.command(
      userId,
      {
        kind: 'request-verification',
        tokenId: randomUUID(),
        expiresAt: new Date(at.getTime() + LINK_TTL_MS['verify-email']).toISOString(),
        at: at.toISOString(),
      },
      null,
    ); // asked for while signing up or in: nobody is signed in yet
  }

  /**
   * A new link for an unverified address, asked for without signing in. Counted per address (so per
   * account) whether or not it has one: neither the answer nor the limit tells who has an account.
   */
  async resendVerification(email: string): Promise<void> {
    const emailHash = this.o.vault.emailHash(email);
    const limit = await this.resendLimiter.hit(emailHash);
    if (!limit.allowed) throw new RateLimitedError(VERIFY_RESEND_TOO_MANY, limit.retryAfterMs / 1000);
    const row = (await this.o.db('identity_users').where({ email_hash: emailHash }).first('user_id')) as { user_id: string } | undefined;
    if (row && (await this.o.queries.needsVerification(row.user_id))) await this.requestVerification(row.user_id);
  }

  /** Waits until the accounts read model has applied `position` (the next sign-in reads it). */
  async settle(position: Position): Promise<void> {
    await this.o.users.settle(position);
  }

  /** Marks an address verified without a link (demo accounts, providers that verified it). */
  confirmEmail(userId: string) {
    return this.command(userId, { kind: 'confirm-email', at: this.now().toISOString() }, null);
  }

  async verifyEmail(token: string) {
    const claims = this.o.links.verify(token, 'verify-email');
    if (!claims) throw new DomainError(INVALID_LINK, 400);
    const { position } = await this.command(
      claims.userId,
      { kind: 'verify-email', tokenId: claims.tokenId, at: this.now().toISOString() },
      null,
    );
    await this.o.users.settle(position!); // the next sign-in reads the read model
    return { userId: claims.userId, position: position! };
  }

  /** Spec §8: an unknown email is said so ("The user with this email does not exist"). */
  async requestPasswordReset(email: string) {
    const emailHash = this.o.vault.emailHash(email);
    const limit = await this.resetLimiter.hit(emailHash);
    if (!limit.allowed) throw new HttpError(429, MESSAGES.signIn.tooManyAttempts);
    const row: UserRow | undefined = await this.o.db('identity_users').where({ email_hash: emailHash }).first();
    if (!row) throw new DomainError(MESSAGES.resetPassword.userNotFound, 404);
    const at = this.now();
    // Asked for without signing in: nobody to name.
    return this.command(
      row.user_id,
      {
        kind: 'request-reset',
        tokenId: randomUUID(),
        expiresAt: new Date(at.getTime() + LINK_TTL_MS['reset-password']).toISOString(),
        at: at.toISOString(),
      },
      null,
    );
  }

  async resetPassword(token: string, password: string) {
    const claims = this.o.links.verify(token, 'reset-password');
    if (!claims) throw new DomainError(INVALID_LINK, 400);
    const key = await this.o.vault.keyFor(claims.userId);
    if (!key) throw new DomainError(INVALID_LINK, 400);
    const passwordHash = this.o.vault.encrypt(key, await hashPassword(password));
    const { position } = await this.command(
      claims.userId,
      { kind: 'reset-password', tokenId: claims.tokenId, passwordHash, at: this.now().toISOString() },
      null,
    );
    await this.o.users.settle(position!); // signing in with the new password must work at once
    return { userId: claims.userId, position: position! };
  }

  /**
   * Change from the profile: email/password accounts only, after checking the current password. Guessing
   * it is guessing the password, so it runs under the sign-in throttle, on the same counters as sign-in.
   */
  async changePassword(userId: string, currentPassword: string, newPassword: string, client: string) {
    const row: UserRow | undefined = await this.o.db('identity_users').where({ user_id: userId }).first();
    const key = row && (await this.o.vault.keyFor(userId));
    if (!row || !key) throw new HttpError(401, MESSAGES.changePassword.notAuthenticated);
    const stored = row.password_enc;
    if (!stored) throw new DomainError(MESSAGES.changePassword.notEmailPasswordUser, 400);
    const right = await this.signInThrottle.attempt(
      row.email_hash,
      client,
      async () => (await verifyPassword(this.o.vault.decrypt(key, stored), currentPassword)) || undefined,
    );
    if (!right) throw new DomainError(MESSAGES.changePassword.incorrectCurrentPassword, 400);
    const passwordHash = this.o.vault.encrypt(key, await hashPassword(newPassword));
    const { position } = await this.command(userId, { kind: 'change-password', passwordHash, at: this.now().toISOString() }, userId);
    await this.o.users.settle(position!);
    return { position: position! };
  }

  /** For the profile commands (commands/profile.ts), which share the user stream. */
  profileCommand(userId: string, command: UserCommand) {
    return this.command(userId, command, userId);
  }

  /** `actor`: who asked (the events' metadata userId); null when nobody was signed in. */
  private async command(userId: string, command: UserCommand, actor: string | null) {
    return handleCommand({
      store: this.o.store,
      codec: userCodec,
      decider: userDecider,
      streamId: userStream(userId),
      command,
      commandId: randomUUID(),
      actor,
    });
  }

  /** The email's holder when it is gone (its registration never landed, or the account was deleted). */
  async goneEmailHolder(emailHash: string): Promise<string | undefined> {
    const claims = await this.o.store.readStream(emailStream(emailHash));
    const last = claims.at(-1);
    if (!last || last.type !== 'identity.EmailClaimed') return undefined;
    const holder = (last.data as { userId: string }).userId;
    const registered = await this.o.store.streamRevision(userStream(holder));
    const ageMs = this.now().getTime() - last.createdAt.getTime();
    return registered === undefined && ageMs > 60_000 ? holder : undefined;
  }
}

/** An account's commands and the reads they go with, as the routes and social sign-in use them. */
export interface Accounts {
  commands: AccountCommands;
  queries: AccountQueries;
}
