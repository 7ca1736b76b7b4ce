import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Crypto-shredding. Each user has a data key kept outside the event log; email, name and password hash
 * go into events encrypted with it (AES-256-GCM). Deleting the key makes every copy in the log unreadable.
 * In a production deployment the keys table would itself be wrapped by a KMS key.
 */
export async function migratePersonalData(db: Knex): Promise<void> {
  await db.raw(`
    create table if not exists identity_user_keys (
      user_id uuid primary key,
      data_key bytea not null,
      created_at timestamptz not null default now()
    )`);
}

export class PersonalDataVault {
  private readonly cache = new Map<string, Buffer>();

  constructor(
    private readonly db: Knex,
    private readonly lookupKey: Buffer,
  ) {}

  /** Keyed hash of a normalized email: finds an account without keeping the email in clear. */
  emailHash(email: string): string {
    return createHmac('sha256', this.lookupKey).update(email.trim().toLowerCase()).digest('base64url');
  }

  /** The user's key, created on first use (idempotent, so a retried registration reuses it). */
  async createKey(userId: string): Promise<Buffer> {
    await this.db('identity_user_keys')
      .insert({ user_id: userId, data_key: randomBytes(32) })
      .onConflict('user_id')
      .ignore();
    const key = await this.keyFor(userId);
    if (!key) throw new Error('data key vanished right after creation');
    return key;
  }

  async keyFor(userId: string): Promise<Buffer | undefined> {
    const cached = this.cache.get(userId);
    if (cached) return cached;
    const row = await this.db('identity_user_keys').where({ user_id: userId }).first('data_key');
    if (!row) return undefined;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(userId, row.data_key as Buffer);
    return row.data_key as Buffer;
  }

  async shred(userId: string): Promise<void> {
    this.cache.delete(userId);
    await this.db('identity_user_keys').where({ user_id: userId }).delete();
  }

  encrypt(key: Buffer, plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  decrypt(key: Buffer, token: string): string {
    const raw = Buffer.from(token.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  }
}
