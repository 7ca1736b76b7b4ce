import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TransactionSealer, type SocialTransaction } from './social-transaction';

const tx: SocialTransaction = {
  provider: 'google',
  state: 's'.repeat(43),
  nonce: 'n'.repeat(43),
  codeVerifier: 'v'.repeat(43),
  redirectUri: 'http://localhost:3000/api/auth/google/callback',
};

describe('social transaction cookie', () => {
  const sealer = new TransactionSealer(randomBytes(32));

  it('opens what it sealed, and hides the verifier and nonce from whoever reads the cookie', async () => {
    const cookie = await sealer.seal(tx);
    expect(cookie).not.toContain('vvvv');
    expect(Buffer.from(cookie.split('.').join(''), 'base64url').toString('latin1')).not.toContain('nnnn');
    expect(await sealer.open(cookie, 'google')).toEqual(tx);
  });

  it('refuses a tampered cookie, another provider, another key and no cookie', async () => {
    const cookie = await sealer.seal(tx);
    const parts = cookie.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA');
    expect(await sealer.open(parts.join('.'), 'google')).toBeUndefined();
    expect(await sealer.open(cookie, 'apple')).toBeUndefined();
    expect(await new TransactionSealer(randomBytes(32)).open(cookie, 'google')).toBeUndefined();
    expect(await sealer.open(undefined, 'google')).toBeUndefined();
  });
});
