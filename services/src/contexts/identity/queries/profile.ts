import type { Knex } from 'knex';
import type { LearningLanguage, Profile, UserSettings } from '@verba/contracts';
import type { PersonalDataVault } from '../domain/personal-data';
import { hasAvatar } from '../domain/avatars';
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

/** Usernames are found by a keyed hash, like emails, and stored encrypted. */
export const usernameHash = (vault: PersonalDataVault, name: string): string => vault.emailHash(`username:${name}`);

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
    const holder = await this.holderOf(usernameHash(this.o.vault, name));
    return !holder || holder === userId;
  }

  /** Who uses the username with this hash now, by the read model. */
  async holderOf(hash: string): Promise<string | undefined> {
    const row = (await this.o.db('identity_users').where({ username_hash: hash }).first('user_id')) as { user_id: string } | undefined;
    return row?.user_id;
  }
}
