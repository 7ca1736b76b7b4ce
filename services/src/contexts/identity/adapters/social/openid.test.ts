import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CustomFetch } from 'openid-client';
import { DevOpenIdProviders } from './dev-provider';
import { OpenIdClients } from './openid';
import type { ProviderSettings } from './providers';

const facebook = {
  kind: 'oauth2' as const,
  provider: 'facebook' as const,
  clientId: 'fb-app',
  clientSecret: 'fb-secret',
  authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
  tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
  userinfoEndpoint: 'https://graph.facebook.com/v19.0/me?fields=id,name,email',
} satisfies ProviderSettings;
const REDIRECT = 'https://verba.app/api/auth/facebook/callback';

/** A stand-in for Facebook's token endpoint and Graph API, checking what a real one would. */
function fakeFacebook(challenge: () => string, profile: Record<string, unknown>): { fetch: CustomFetch; calls: string[] } {
  const calls: string[] = [];
  const fetch: CustomFetch = async (url, options) => {
    calls.push(url);
    if (url.startsWith(facebook.tokenEndpoint)) {
      const form = new URLSearchParams(String(options.body));
      const verifier = form.get('code_verifier') ?? '';
      const ok =
        form.get('code') === 'the-code' &&
        form.get('client_secret') === 'fb-secret' &&
        form.get('redirect_uri') === REDIRECT &&
        createHash('sha256').update(verifier).digest('base64url') === challenge();
      return ok
        ? Response.json({ access_token: 'fb-access', token_type: 'bearer', expires_in: 3600 })
        : Response.json({ error: 'invalid_grant' }, { status: 400 });
    }
    if (url === facebook.userinfoEndpoint && options.headers['authorization'] === 'Bearer fb-access') return Response.json(profile);
    return new Response('not found', { status: 404 });
  };
  return { fetch, calls };
}

describe('Facebook through plain OAuth 2 (no ID token)', () => {
  it('exchanges the code with the PKCE verifier and reads the profile from the Graph API', async () => {
    let challenge = '';
    const fb = fakeFacebook(() => challenge, { id: '1029', name: 'Fay Book', email: 'fay@example.org' });
    const clients = new OpenIdClients({ dev: new DevOpenIdProviders(), devFetch: fb.fetch, fetch: fb.fetch });
    const { url, transaction } = await clients.authorizationUrl(facebook, 'https://verba.app', REDIRECT);
    expect(url.origin + url.pathname).toBe(facebook.authorizationEndpoint);
    expect(url.searchParams.get('scope')).toBe('email public_profile');
    expect(url.searchParams.get('nonce')).toBeNull();
    challenge = url.searchParams.get('code_challenge')!;

    const back = new URL(`${REDIRECT}?code=the-code&state=${transaction.state}`);
    const profile = await clients.finish(facebook, 'https://verba.app', transaction, back);
    // Facebook gives no verified flag: never trusted to link an existing account.
    expect(profile).toEqual({ subject: '1029', email: 'fay@example.org', name: 'Fay Book', emailVerified: false });
  });

  it('refuses a callback whose state is not the one sent', async () => {
    let challenge = '';
    const fb = fakeFacebook(() => challenge, { id: '1029' });
    const clients = new OpenIdClients({ dev: new DevOpenIdProviders(), devFetch: fb.fetch, fetch: fb.fetch });
    const { url, transaction } = await clients.authorizationUrl(facebook, 'https://verba.app', REDIRECT);
    challenge = url.searchParams.get('code_challenge')!;
    await expect(
      clients.finish(facebook, 'https://verba.app', transaction, new URL(`${REDIRECT}?code=the-code&state=forged`)),
    ).rejects.toThrow();
    expect(fb.calls).toEqual([]); // nothing was exchanged
  });
});
