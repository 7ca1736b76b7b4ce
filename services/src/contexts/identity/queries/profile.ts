import type { Knex } from 'knex';
import {
  USERNAME_CONFUSABLE,
  USERNAME_RESERVED,
  USERNAME_TAKEN,
  type LearningLanguage,
  type Profile,
  type UserSettings,
} from '@verba/contracts';
import type { PersonalDataVault } from '../domain/personal-data';
import { hasAvatar } from '../domain/avatars';
import { looksReserved, usernameSkeleton } from '../domain/usernames';
import type { AccountQueries } from './account';

interface ProfileRow {
  user_id: string;
  username_hash: string | null;
  username_enc: string | null;
  settings: UserSettings;
  time_spent: Profile['timeSpent'];
  password_enc: string | null;
  current_language: LearningLanguage | null;
}

/**
 * Usernames are found by a keyed hash, like emails, and stored encrypted. The hash is of the username's
 * skeleton (domain/usernames.ts), so one claim covers every lookalike of it.
 */
export const usernameHash = (vault: PersonalDataVault, name: string): string => vault.emailHash(`username:${usernameSkeleton(name)}`);
/** The hash before skeletons (the name's lower case): usernames taken then are stored under it. */
const exactHash = (vault: PersonalDataVault, name: string): string => vault.emailHash(`username:${name}`);

/** Why a user cannot have a username: refused with this status and message. */
export interface UsernameRefusal {
  status: 400 | 409;
  message: string;
}

/** Reads of the profile: the account with username, settings, time spent and avatar. */
export class ProfileQueries {
  constructor(private readonly o: { db: Knex; vault: PersonalDataVault; accounts: AccountQueries }) {}

  async profile(userId: string): Promise<Profile | undefined> {
    const [view, row, key] = await Promise.all([
      this.o.accounts.view(userId),
      this.o.db('identity_users').where({ user_id: userId }).first() as Promise<ProfileRow | undefined>,
      this.o.vault.keyFor(userId),
    ]);
    if (!view || !row || !key) return undefined;
    return {
      ...view,
      username: row.username_enc ? this.o.vault.decrypt(key, row.username_enc) : null,
      settings: row.settings,
      timeSpent: row.time_spent,
      hasAvatar: await hasAvatar(this.o.db, userId),
      hasPassword: Boolean(row.password_enc),
    };
  }

  async usernameAvailable(userId: string, name: string): Promise<boolean> {
    return !(await this.usernameRefusal(userId, name));
  }

  /** Reserved, taken by someone else, or so like a taken one that it could pass for it; undefined when free. */
  async usernameRefusal(userId: string, name: string): Promise<UsernameRefusal | undefined> {
    if (looksReserved(name)) return { status: 400, message: USERNAME_RESERVED };
    const exact = exactHash(this.o.vault, name);
    const skeleton = usernameHash(this.o.vault, name);
    const holder = (await this.holderOf(skeleton)) ?? (exact === skeleton ? undefined : await this.holderOf(exact));
    if (!holder || holder === userId) return undefined;
    const theirs = await this.usernameOf(holder);
    const same = theirs !== undefined && theirs.normalize('NFKC').toLowerCase() === name.normalize('NFKC').toLowerCase();
    return { status: 409, message: same ? USERNAME_TAKEN : USERNAME_CONFUSABLE };
  }

  private async usernameOf(userId: string): Promise<string | undefined> {
    const [row, key] = await Promise.all([
      this.o.db('identity_users').where({ user_id: userId }).first('username_enc') as Promise<{ username_enc: string | null } | undefined>,
      this.o.vault.keyFor(userId),
    ]);
    return row?.username_enc && key ? this.o.vault.decrypt(key, row.username_enc) : undefined;
  }

  /** Who uses the username with this hash now, by the read model. */
  async holderOf(hash: string): Promise<string | undefined> {
    const row = (await this.o.db('identity_users').where({ username_hash: hash }).first('user_id')) as { user_id: string } | undefined;
    return row?.user_id;
  }
}
