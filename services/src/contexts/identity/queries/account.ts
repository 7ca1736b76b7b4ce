import type { Knex } from 'knex';
import { RoleSchema, isAdminRole, type LearningLanguage, type Level, type Role, type Subscription, type UserView } from '@verba/contracts';
import type { Entitlements } from '../../../platform/module';
import type { PersonalDataVault } from '../domain/personal-data';

/** A row of the accounts read model (identity_users); personal data in it is encrypted with the user's key. */
export interface UserRow {
  user_id: string;
  email_hash: string;
  email_enc: string;
  name_enc: string;
  password_enc: string | null;
  role: string;
  current_language: string | null;
  learned_languages: LearningLanguage[];
  language_levels: Partial<Record<LearningLanguage, Level>>;
  onboarding_done: boolean;
  email_verified: boolean;
  disabled: boolean;
  created_at: Date;
}

/** The account as the API shows it; the subscription is billing's to say (`subscription`). */
export function toView(vault: PersonalDataVault, row: UserRow, key: Buffer, subscription: Subscription): UserView {
  const role = RoleSchema.parse(row.role);
  return {
    uid: row.user_id,
    name: vault.decrypt(key, row.name_enc),
    email: vault.decrypt(key, row.email_enc),
    role,
    subscription,
    currentLearningLanguage: (row.current_language as LearningLanguage | null) ?? null,
    learnedLanguages: row.learned_languages,
    languageLevels: row.language_levels,
    creationDateStamp: new Date(row.created_at).getTime(),
    // Admins run the content, not a course: they are never sent through learner onboarding.
    showMainOnboarding: !row.onboarding_done && !isAdminRole(role),
    emailVerified: row.email_verified,
  };
}

/** Reads of the accounts read model; commands/account.ts changes accounts. */
export class AccountQueries {
  constructor(private readonly o: { db: Knex; vault: PersonalDataVault; entitlements: Entitlements }) {}

  async subscriptionOf(userId: string): Promise<Subscription> {
    return this.o.entitlements.subscriptionOf(userId);
  }

  async view(userId: string): Promise<UserView | undefined> {
    const row: UserRow | undefined = await this.o.db('identity_users').where({ user_id: userId }).first();
    const key = row && (await this.o.vault.keyFor(userId));
    return row && key ? toView(this.o.vault, row, key, await this.subscriptionOf(userId)) : undefined;
  }

  async roleOf(userId: string): Promise<Role | undefined> {
    const row = await this.o.db('identity_users').where({ user_id: userId }).first('role');
    return row ? RoleSchema.parse(row.role) : undefined;
  }

  async countOwners(): Promise<number> {
    const row = (await this.o.db('identity_users').where({ role: 'Owner' }).count({ count: '*' }).first()) as { count: string } | undefined;
    return Number(row?.count ?? 0);
  }

  async userIdByEmail(email: string): Promise<string | undefined> {
    const row = await this.o
      .db('identity_users')
      .where({ email_hash: this.o.vault.emailHash(email) })
      .first('user_id');
    return row?.user_id;
  }

  /** True for an email/password account whose address is not verified yet. */
  async needsVerification(userId: string): Promise<boolean> {
    const row = await this.o.db('identity_users').where({ user_id: userId }).first('email_verified', 'password_enc');
    return Boolean(row && row.password_enc && !row.email_verified);
  }
}
