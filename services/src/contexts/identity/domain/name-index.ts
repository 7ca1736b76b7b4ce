import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import { readUserKey } from '../../../platform/personal-data/keys';
import type { PersonalDataVault } from './personal-data';

/**
 * Blind index of names and usernames for the admin search. Names are encrypted per user (crypto-shredding),
 * so the database cannot search them; instead every prefix of every word of a name or username is kept as
 * a keyed hash (HMAC under a server secret, like the email lookup), and a search hashes its words the same
 * way. The index is not a read model: it lives beside the accounts' read model, is brought up to date from
 * it before each search (a row whose encrypted name or username changed is re-indexed), and an account's
 * rows go when the account is deleted, so erasing the key and the rows leaves nothing of the name.
 */
export const NAME_INDEX_TOKENS = 'identity_name_index';
export const NAME_INDEX_SOURCES = 'identity_name_index_sources';

/** Longer words are indexed by their first letters only: enough to find anyone, fewer rows. */
const MAX_PREFIX = 16;

export async function migrateNameIndex(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411019)');
    if (await trx.schema.hasTable(NAME_INDEX_TOKENS)) return;
    await trx.schema.createTable(NAME_INDEX_TOKENS, (tb) => {
      tb.uuid('user_id').notNullable();
      tb.text('token').notNullable();
      tb.primary(['token', 'user_id']);
      tb.index(['user_id']);
    });
    // What each user's tokens were made from (the encrypted values), to notice a rename.
    await trx.schema.createTable(NAME_INDEX_SOURCES, (tb) => {
      tb.uuid('user_id').primary();
      tb.text('name_enc').notNullable();
      tb.text('username_enc');
    });
  });
}

/** Lower case, accents off ("Zoë" finds "zoe"), split at anything that is not a letter or a digit. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function prefixesOf(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const word of words) for (let i = 1; i <= Math.min(word.length, MAX_PREFIX); i++) out.add(word.slice(0, i));
  return out;
}

export class NameIndex {
  constructor(
    private readonly db: Knex,
    private readonly vault: PersonalDataVault,
    private readonly key: Buffer,
  ) {}

  token(word: string): string {
    return createHmac('sha256', this.key).update(word.slice(0, MAX_PREFIX)).digest('base64url');
  }

  /** The tokens a search's words must all match (empty when the text has no words). */
  queryTokens(text: string): string[] {
    return [...new Set(wordsOf(text))].map((w) => this.token(w));
  }

  /** Indexes accounts whose name or username changed since they were indexed, and drops deleted ones. */
  async refresh(): Promise<void> {
    const stale: { user_id: string; name_enc: string; username_enc: string | null }[] = await this.db('identity_users as u')
      .leftJoin(`${NAME_INDEX_SOURCES} as s`, 's.user_id', 'u.user_id')
      .whereNull('s.user_id')
      .orWhereRaw('s.name_enc <> u.name_enc')
      .orWhereRaw('s.username_enc is distinct from u.username_enc')
      .select('u.user_id', 'u.name_enc', 'u.username_enc');
    for (const row of stale) await this.index(row);
    const gone = this.db(NAME_INDEX_SOURCES).whereNotIn('user_id', this.db('identity_users').select('user_id')).select('user_id');
    await this.db(NAME_INDEX_TOKENS).whereIn('user_id', gone.clone()).delete();
    await this.db(NAME_INDEX_SOURCES).whereIn('user_id', gone).delete();
  }

  /** Erasure: the account's tokens go with it. */
  async forget(userId: string): Promise<void> {
    await this.db(NAME_INDEX_TOKENS).where({ user_id: userId }).delete();
    await this.db(NAME_INDEX_SOURCES).where({ user_id: userId }).delete();
  }

  private async index(row: { user_id: string; name_enc: string; username_enc: string | null }): Promise<void> {
    const key = await readUserKey(this.db, row.user_id);
    if (!key) return; // erased: nothing to index
    const name = this.vault.decrypt(key, row.name_enc);
    const username = row.username_enc ? this.vault.decrypt(key, row.username_enc) : '';
    const words = [...wordsOf(name), ...wordsOf(username)];
    const tokens = [...prefixesOf(words)].map((p) => ({ user_id: row.user_id, token: this.token(p) }));
    await this.db.transaction(async (trx) => {
      await trx(NAME_INDEX_TOKENS).where({ user_id: row.user_id }).delete();
      if (tokens.length) await trx(NAME_INDEX_TOKENS).insert(tokens).onConflict(['token', 'user_id']).ignore();
      await trx(NAME_INDEX_SOURCES)
        .insert({ user_id: row.user_id, name_enc: row.name_enc, username_enc: row.username_enc })
        .onConflict('user_id')
        .merge();
    });
  }
}
