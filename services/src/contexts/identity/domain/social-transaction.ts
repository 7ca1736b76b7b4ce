import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../adapters/social/providers';

/**
 * What a sign-in must remember between the redirect to the provider and its callback: state, nonce and
 * the PKCE verifier. It rides in a short-lived httpOnly cookie, encrypted (not only signed: the verifier
 * and nonce stay secret from scripts and from anyone reading the cookie jar) with a key of its own.
 */
export const TRANSACTION_COOKIE = 'verba_social';
export const TRANSACTION_TTL_S = 10 * 60;

const TransactionSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  state: z.string().min(16),
  nonce: z.string().min(16),
  codeVerifier: z.string().min(43),
  redirectUri: z.url(),
});
export type SocialTransaction = z.infer<typeof TransactionSchema>;

export class TransactionSealer {
  private readonly key: Uint8Array;

  constructor(purposeKey: Buffer) {
    this.key = new Uint8Array(hkdfSync('sha256', purposeKey, Buffer.alloc(0), 'verba:social:transaction', 32));
  }

  seal(tx: SocialTransaction): Promise<string> {
    return new EncryptJWT({ ...tx })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt()
      .setExpirationTime(`${TRANSACTION_TTL_S}s`)
      .encrypt(this.key);
  }

  /** The transaction for this provider, or undefined when missing, expired, tampered with or another provider's. */
  async open(cookie: string | undefined, provider: SocialProvider): Promise<SocialTransaction | undefined> {
    if (!cookie) return undefined;
    try {
      const { payload } = await jwtDecrypt(cookie, this.key);
      const tx = TransactionSchema.safeParse(payload);
      return tx.success && tx.data.provider === provider ? tx.data : undefined;
    } catch {
      return undefined;
    }
  }
}
