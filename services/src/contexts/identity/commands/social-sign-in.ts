import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Role, SocialProvider, SocialSignInReason } from '@verba/contracts';
import { DomainError } from '../../../platform/decider/decider';
import { EventCodec } from '../../../platform/decider/events';
import { handleCommand } from '../../../platform/decider/handle-command';
import type { EventStore } from '../../../platform/event-store/port';
import { emailDecider, userDecider } from '../deciders/account-decider';
import { emailEvents, emailStream, userEvents, userStream } from '../events';
import type { PersonalDataVault } from '../domain/personal-data';
import type { Accounts } from './account';
import { linkDecider, linkEvents, socialLinkStream } from '../deciders/social-link-decider';
import type { SocialProfile } from '../adapters/social/openid';
import type { WriteThrough } from '../../../platform/http/write-through';

const userCodec = new EventCodec([...userEvents]);
const emailCodec = new EventCodec([...emailEvents]);
const linkCodec = new EventCodec([...linkEvents]);

/** A sign-in the callback refuses, with the reason the sign-in page shows. */
export class SocialSignInError extends Error {
  constructor(
    readonly reason: SocialSignInReason,
    message: string,
  ) {
    super(message);
  }
}

export interface SocialSignInResult {
  userId: string;
  role: Role;
  isNew: boolean;
  showMainOnboarding: boolean;
}

export interface SocialAccountsOptions {
  store: EventStore;
  db: Knex;
  vault: PersonalDataVault;
  accounts: Accounts;
  /** Key for the keyed hash naming (provider, subject) link streams. */
  purposeKey: Buffer;
  /** The users read model, which the session just started reads. */
  users: Pick<WriteThrough, 'settle'>;
  now?: () => Date;
}

/**
 * Finds or creates the Verba account of a provider identity.
 *
 * Account linking rule: an identity already linked signs in to its account. Otherwise, when the email
 * the provider gives belongs to an existing account (password or another provider), it is linked only
 * if the provider says the email is verified: an unverified email could be anyone's, and linking it
 * would hand that account over. Unverified, the sign-in fails with the email-in-use text and the user
 * signs in the way they registered. Without an email at all, no account can be made (one account per
 * email), so the sign-in fails.
 *
 * A new account is written in three appends (email claim, registration, link). A crash after the
 * registration leaves an account without its link; the next sign-in then finds it by email and links it
 * when the email is verified, as above.
 */
export class SocialAccounts {
  private readonly linkKey: Buffer;
  private readonly now: () => Date;

  constructor(private readonly o: SocialAccountsOptions) {
    this.linkKey = Buffer.from(hkdfSync('sha256', o.purposeKey, Buffer.alloc(0), 'verba:social:link', 32));
    this.now = o.now ?? (() => new Date());
  }

  async signIn(provider: SocialProvider, profile: SocialProfile): Promise<SocialSignInResult> {
    const streamId = socialLinkStream(this.linkHash(provider, profile.subject));
    const linked = await this.linkedUser(streamId);
    if (linked) return this.existing(linked, false);

    if (!profile.email) throw new SocialSignInError('failed', `${provider} gave no email`);
    const emailHash = this.o.vault.emailHash(profile.email);
    const holder = await this.o.db('identity_users').where({ email_hash: emailHash }).first('user_id');
    if (holder) {
      if (!profile.emailVerified) throw new SocialSignInError('email-in-use', `${provider} email not verified; an account has it`);
      await this.link(streamId, holder.user_id, provider);
      // The provider vouched for the address, which is what the emailed link would have shown.
      const { position } = await this.o.accounts.commands.confirmEmail(holder.user_id);
      if (position) await this.o.accounts.commands.settle(position);
      return this.existing(holder.user_id, false);
    }
    const userId = await this.register(provider, profile.email, profile.name, emailHash);
    await this.link(streamId, userId, provider);
    return this.existing(userId, true);
  }

  private linkHash(provider: SocialProvider, subject: string): string {
    return createHmac('sha256', this.linkKey).update(`${provider}\u0000${subject}`).digest('base64url');
  }

  /** The account the identity is linked to, if that account still exists. */
  private async linkedUser(streamId: string): Promise<string | undefined> {
    const last = (await this.o.store.readStream(streamId)).at(-1);
    if (!last) return undefined;
    const { userId } = linkCodec.decode(last).data;
    // The key goes in the same request as the deletion; the read model row a moment later.
    const alive = (await this.o.vault.keyFor(userId)) && (await this.o.accounts.queries.roleOf(userId));
    return alive ? userId : undefined;
  }

  private async link(streamId: string, userId: string, provider: SocialProvider): Promise<void> {
    // Called only when no living account holds the link, so a previous holder is gone.
    await handleCommand({
      store: this.o.store,
      codec: linkCodec,
      decider: linkDecider,
      streamId,
      command: { kind: 'link', userId, provider, holderIsGone: true, at: this.now().toISOString() },
      commandId: randomUUID(),
      actor: null, // signing in: nobody is signed in yet
    });
  }

  /** A social account: the email claimed like a password registration's, no password, data encrypted. */
  private async register(provider: SocialProvider, email: string, name: string | undefined, emailHash: string): Promise<string> {
    const { vault, store } = this.o;
    const userId = randomUUID();
    const at = this.now().toISOString();
    try {
      await handleCommand({
        store,
        codec: emailCodec,
        decider: emailDecider,
        streamId: emailStream(emailHash),
        command: { kind: 'claim', userId, at, goneHolder: await this.o.accounts.commands.goneEmailHolder(emailHash) },
        commandId: randomUUID(),
        actor: null,
      });
    } catch (e) {
      // Someone registered the email a moment ago.
      if (e instanceof DomainError) throw new SocialSignInError('email-in-use', 'email claimed concurrently');
      throw e;
    }
    const key = await vault.createKey(userId);
    const { position } = await handleCommand({
      store,
      codec: userCodec,
      decider: userDecider,
      streamId: userStream(userId),
      command: {
        kind: 'register',
        userId,
        emailHash,
        email: vault.encrypt(key, email),
        name: vault.encrypt(key, name ?? email.split('@')[0]!),
        provider,
        at,
      },
      commandId: randomUUID(),
      actor: null, // signing in: nobody is signed in yet
    });
    await this.o.users.settle(position!);
    return userId;
  }

  private async existing(userId: string, isNew: boolean): Promise<SocialSignInResult> {
    const view = await this.o.accounts.queries.view(userId);
    if (!view) throw new Error('signed-in account missing from the read model');
    return { userId, role: view.role, isNew, showMainOnboarding: view.showMainOnboarding };
  }
}
