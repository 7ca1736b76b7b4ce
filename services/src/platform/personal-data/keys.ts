import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Crypto-shredding for every context. Each user has a data key kept outside the event log (table
 * `user_data_keys`); what they wrote or what identifies them goes into events encrypted with it
 * (AES-256-GCM). Erasing the key (`shred`) makes every copy in the log unreadable without rewriting it.
 * A shredded key leaves a tombstone (null key), so a late command cannot create a fresh key for an erased
 * user. In a production deployment the table would itself be wrapped by a KMS key.
 *
 * Contexts never import identity for this: they get `PersonalData` through their deps (`deps.personalData`)
 * and, in projections, open sealed fields with `openSealed(trx, ...)` on the projection's own transaction.
 */
export const USER_DATA_KEYS = 'user_data_keys';

export async function migratePersonalDataKeys(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411017)');
    await trx.raw(`
      create table if not exists ${USER_DATA_KEYS} (
        user_id uuid primary key,
        data_key bytea,
        created_at timestamptz not null default now(),
        shredded_at timestamptz
      )`);
    // Keys identity kept before the vault moved to the platform.
    const old = await trx.raw(`select to_regclass('identity_user_keys') as t`);
    if (old.rows[0]?.t) {
      await trx.raw(`insert into ${USER_DATA_KEYS} (user_id, data_key, created_at)
                     select user_id, data_key, created_at from identity_user_keys on conflict (user_id) do nothing`);
      await trx.raw('drop table identity_user_keys');
    }
  });
}

/** A user's data was erased: their key is gone, nothing can be written for or read from them. */
export class ErasedUserError extends Error {
  override readonly name = 'ErasedUserError';
}

const SEALED = 's1.';
export const isSealed = (value: string): boolean => value.startsWith(SEALED);

function subkeys(key: Buffer) {
  return {
    enc: Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'verba:seal:enc', 32)),
    iv: Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'verba:seal:iv', 32)),
  };
}

/**
 * Deterministic (synthetic IV, as in SIV): the same text under the same key seals to the same token, so
 * deciders can still compare a sealed value with the one in their state. It reveals only that two of one
 * user's texts are equal.
 */
export function sealWith(key: Buffer, plaintext: string): string {
  const k = subkeys(key);
  const iv = createHmac('sha256', k.iv).update(plaintext, 'utf8').digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', k.enc, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${SEALED}${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

export function openWith(key: Buffer, token: string): string {
  const raw = Buffer.from(token.slice(SEALED.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', subkeys(key).enc, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}

/** The user's key through any knex (a projection's transaction included); undefined once shredded or never made. */
export async function readUserKey(db: Knex, userId: string): Promise<Buffer | undefined> {
  const row = await db(USER_DATA_KEYS).where({ user_id: userId }).first('data_key');
  return (row?.data_key as Buffer | null | undefined) ?? undefined;
}

/** What erased text reads as when a projection replays events of an erased user (their rows go at UserDeleted). */
export const ERASED = '';

/**
 * Opens the listed fields of event data sealed for `data.sealedFor` (data without it is from before sealing,
 * or not personal, and is returned as is). Fields of an erased user read as ERASED.
 */
export async function openSealed<T extends Record<string, unknown>>(
  db: Knex,
  data: T,
  fields: readonly (keyof T)[],
  /** Keys already read in this batch (one query per user and batch, not per event). */
  keys: Map<string, Buffer | undefined> = new Map(),
): Promise<T> {
  const owner = data['sealedFor'];
  if (typeof owner !== 'string') return data;
  if (!keys.has(owner)) keys.set(owner, await readUserKey(db, owner));
  const key = keys.get(owner);
  const out: Record<string, unknown> = { ...data };
  for (const f of fields) {
    const v = data[f];
    if (typeof v === 'string' && isSealed(v)) out[f as string] = key ? openWith(key, v) : ERASED;
  }
  return out as T;
}

/**
 * How long a process trusts a key it read: an erasure made by another process (a second api, the projector)
 * reaches this one's cache within this time, after which nothing more is opened or sealed with the key.
 */
export const KEY_CACHE_MS = 30_000;

/** The per-user keys: created on first use, shredded on erasure. One per runtime, shared by every context. */
export class PersonalData {
  private readonly cache = new Map<string, { key: Buffer; until: number }>();

  constructor(
    private readonly db: Knex,
    private readonly now: () => number = Date.now,
  ) {}

  private cached(userId: string): Buffer | undefined {
    const entry = this.cache.get(userId);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.key;
    this.cache.delete(userId);
    return undefined;
  }

  /** The user's key, created on first use (idempotent). Throws ErasedUserError for an erased user. */
  async createKey(userId: string): Promise<Buffer> {
    const cached = this.cached(userId);
    if (cached) return cached;
    await this.db(USER_DATA_KEYS)
      .insert({ user_id: userId, data_key: randomBytes(32) })
      .onConflict('user_id')
      .ignore();
    const key = await this.keyFor(userId);
    if (!key) throw new ErasedUserError(`the data of user ${userId} was erased`);
    return key;
  }

  async keyFor(userId: string): Promise<Buffer | undefined> {
    const cached = this.cached(userId);
    if (cached) return cached;
    const key = await readUserKey(this.db, userId);
    if (!key) return undefined;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(userId, { key, until: this.now() + KEY_CACHE_MS });
    return key;
  }

  /** Erases the key (a tombstone stays, so it is never made again). */
  async shred(userId: string): Promise<void> {
    this.cache.delete(userId);
    await this.db(USER_DATA_KEYS)
      .insert({ user_id: userId, data_key: null, shredded_at: this.db.fn.now() })
      .onConflict('user_id')
      .merge({ data_key: null, shredded_at: this.db.fn.now() });
  }

  /** Users whose key is still there among `userIds` (erasures a crash interrupted). */
  async withKeys(userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    return this.db(USER_DATA_KEYS).whereIn('user_id', userIds).whereNotNull('data_key').pluck('user_id');
  }

  /**
   * Seals the listed string fields of `data` with the user's key and marks the data `sealedFor` them;
   * what event schemas accept as the sealed form of an event.
   */
  async seal<T extends Record<string, unknown>>(userId: string, data: T, fields: readonly (keyof T)[]): Promise<T & { sealedFor: string }> {
    const key = await this.createKey(userId);
    const out: Record<string, unknown> = { ...data, sealedFor: userId };
    for (const f of fields) {
      const v = data[f];
      if (typeof v === 'string' && v !== '') out[f as string] = sealWith(key, v);
    }
    return out as T & { sealedFor: string };
  }
}
