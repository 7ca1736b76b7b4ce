import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Signed, expiring, single-use links for email verification and password reset. The link carries
 * (purpose, user, token id, expiry) and an HMAC; single use is the user stream's job (only the newest
 * token id is accepted, once), so a stolen old link is worthless after use or a newer request.
 */
export type LinkPurpose = 'verify-email' | 'reset-password';

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

const Payload = z.object({ p: z.enum(['verify-email', 'reset-password']), u: z.uuid(), t: z.uuid(), e: z.number().int() });
export type LinkClaims = { purpose: LinkPurpose; userId: string; tokenId: string; expiresAt: number };

export class LinkSigner {
  constructor(private readonly key: Buffer) {}

  sign(claims: LinkClaims): string {
    const body = Buffer.from(JSON.stringify({ p: claims.purpose, u: claims.userId, t: claims.tokenId, e: claims.expiresAt })).toString(
      'base64url',
    );
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of an untampered token for `purpose`, or undefined. Expiry is checked by the decider. */
  verify(token: string, purpose: LinkPurpose): LinkClaims | undefined {
    const [body, mac, ...rest] = token.split('.');
    if (!body || !mac || rest.length) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let parsed: z.infer<typeof Payload>;
    try {
      parsed = Payload.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    } catch {
      return undefined;
    }
    if (parsed.p !== purpose) return undefined;
    return { purpose: parsed.p, userId: parsed.u, tokenId: parsed.t, expiresAt: parsed.e };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
