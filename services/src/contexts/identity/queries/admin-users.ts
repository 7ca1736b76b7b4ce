import type { Knex } from 'knex';
import {
  RoleSchema,
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUserSearch,
  type AdminUserSort,
  type LearningLanguage,
} from '@verba/contracts';
import type { Entitlements, MasterSources } from '../../../platform/module';
import { NAME_INDEX_TOKENS, type NameIndex } from '../domain/name-index';
import type { PersonalDataVault } from '../domain/personal-data';
import type { UserRow } from './account';

interface AdminRow extends UserRow {
  username_enc: string | null;
  last_activity: Partial<Record<LearningLanguage, string>>;
  time_spent: Partial<Record<LearningLanguage, number>>;
}

type Search = Omit<AdminUserSearch, 'minPosition'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The latest day of activity in any language (null: none yet). */
const LAST_ACTIVE = '(select max(v::timestamptz) from jsonb_each_text(u.last_activity) as l(k, v))';
/** Each order ends on the user id, so pages never overlap or skip a user. */
const ORDER: Record<AdminUserSort, string> = {
  newest: 'u.created_at desc, u.user_id',
  oldest: 'u.created_at, u.user_id',
  role: "case u.role when 'Owner' then 0 when 'Admin' then 1 else 2 end, u.created_at desc, u.user_id",
  lastActive: `${LAST_ACTIVE} desc nulls last, u.created_at desc, u.user_id`,
};
const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();

/** The admin users page's reads: search with filters over the accounts read model, and one account. */
export class AdminUserQueries {
  constructor(private readonly o: { db: Knex; vault: PersonalDataVault; entitlements: Entitlements; nameIndex: NameIndex }) {}

  async search(s: Search): Promise<{ users: AdminUserRow[]; total: number }> {
    const { db, vault, nameIndex, entitlements } = this.o;
    const q = db('identity_users as u');
    const text = s.q?.trim();
    if (text && text.includes('@')) {
      // An email is found whole, by its keyed hash (the read model has no email in clear).
      q.where('u.email_hash', vault.emailHash(text));
    } else if (text) {
      await nameIndex.refresh();
      const tokens = nameIndex.queryTokens(text);
      for (const token of tokens) {
        q.whereExists(db(NAME_INDEX_TOKENS).whereRaw('user_id = u.user_id').andWhere({ token }));
      }
      if (tokens.length === 0) q.whereRaw('false');
    }
    if (s.role) q.where('u.role', s.role);
    if (s.language) q.whereRaw('u.learned_languages @> ?::jsonb', [JSON.stringify([s.language])]);
    if (s.signedUpFrom) q.where('u.created_at', '>=', `${s.signedUpFrom}T00:00:00Z`);
    if (s.signedUpTo) q.where('u.created_at', '<', endOfDay(s.signedUpTo));
    if (s.subscription) {
      const masters = await entitlements.masterUserIds();
      if (s.subscription === 'master') q.whereIn('u.user_id', masters);
      else if (masters.length) q.whereNotIn('u.user_id', masters);
    }
    const [{ count }] = (await q.clone().count({ count: '*' })) as [{ count: string }];
    const rows = (await q
      .orderByRaw(ORDER[s.sort])
      .offset((s.page - 1) * s.pageSize)
      .limit(s.pageSize)
      .select('u.*')) as AdminRow[];
    const sources = await entitlements.masterSources(rows.map((r) => r.user_id));
    const users: AdminUserRow[] = [];
    for (const row of rows) {
      const view = await this.rowOf(row, sources.get(row.user_id));
      if (view) users.push(view);
    }
    return { users, total: Number(count) };
  }

  async detail(userId: string): Promise<AdminUserDetail | undefined> {
    const row = (await this.o.db('identity_users').where({ user_id: userId }).first()) as AdminRow | undefined;
    if (!row) return undefined;
    const base = await this.rowOf(row, (await this.o.entitlements.masterSources([userId])).get(userId));
    if (!base) return undefined;
    return {
      ...base,
      currentLearningLanguage: (row.current_language as LearningLanguage | null) ?? null,
      languageLevels: row.language_levels,
      emailVerified: row.email_verified,
      lastActivity: row.last_activity,
      timeSpent: row.time_spent,
    };
  }

  /** An account's row with its personal data opened; undefined once its key is shredded (being erased). */
  private async rowOf(row: AdminRow, master: MasterSources | undefined): Promise<AdminUserRow | undefined> {
    const { vault } = this.o;
    const key = await vault.keyFor(row.user_id);
    if (!key) return undefined;
    return {
      uid: row.user_id,
      name: vault.decrypt(key, row.name_enc),
      email: vault.decrypt(key, row.email_enc),
      username: row.username_enc ? vault.decrypt(key, row.username_enc) : null,
      role: RoleSchema.parse(row.role),
      subscription: master ? 'master' : 'free',
      paidSubscription: master?.paid ?? false,
      manualGrant: master?.manualGrant ?? false,
      disabled: row.disabled,
      learnedLanguages: row.learned_languages,
      creationDateStamp: new Date(row.created_at).getTime(),
    };
  }
}
