import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { PersonalData } from '../../../platform/personal-data/keys';

/**
 * Crypto-shredding of identity's personal data. The per-user data keys are the platform's
 * (`platform/personal-data/keys.ts`, shared with every context that seals what a user wrote); email, name
 * and password hash go into events encrypted with them (AES-256-GCM, random IV). Deleting the key makes
 * every copy in the log unreadable.
 */
export class PersonalDataVault {
  constructor(
    private readonly keys: PersonalData,
    private readonly lookupKey: Buffer,
  ) {}

  /** Keyed hash of a normalized email: finds an account without keeping the email in clear. */
  emailHash(email: string): string {
    return createHmac('sha256', this.lookupKey).update(email.trim().toLowerCase()).digest('base64url');
  }

  /** The user's key, created on first use (idempotent, so a retried registration reuses it). */
  createKey(userId: string): Promise<Buffer> {
    return this.keys.createKey(userId);
  }

  keyFor(userId: string): Promise<Buffer | undefined> {
    return this.keys.keyFor(userId);
  }

  shred(userId: string): Promise<void> {
    return this.keys.shred(userId);
  }

  /** Of these users, those whose key is still there. */
  withKeys(userIds: string[]): Promise<string[]> {
    return this.keys.withKeys(userIds);
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
