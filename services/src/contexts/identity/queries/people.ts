import type { Knex } from 'knex';
import type { People } from '../../../platform/module';
import type { PersonalDataVault } from '../domain/personal-data';

/**
 * How a user appears to others: the username they chose for the community when they have one, else
 * their name. Both are decrypted per request with the user's key; a deleted account has no row and no
 * key, so it has no name any more (callers show it as a deleted account).
 */
export class PeopleQueries implements People {
  constructor(private readonly o: { db: Knex; vault: PersonalDataVault }) {}

  async displayNames(userIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Map();
    const rows = (await this.o.db('identity_users').whereIn('user_id', ids).select('user_id', 'name_enc', 'username_enc')) as {
      user_id: string;
      name_enc: string;
      username_enc: string | null;
    }[];
    const names = new Map<string, string>();
    for (const row of rows) {
      const key = await this.o.vault.keyFor(row.user_id);
      if (key) names.set(row.user_id, this.o.vault.decrypt(key, row.username_enc ?? row.name_enc));
    }
    return names;
  }
}
