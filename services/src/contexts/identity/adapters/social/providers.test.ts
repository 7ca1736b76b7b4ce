import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../platform/config';
import { providerSettings } from './providers';

describe('social provider settings', () => {
  it('uses the local OpenID provider for every provider when nothing is configured (embedded default)', () => {
    const config = loadConfig({});
    for (const p of ['google', 'facebook', 'apple'] as const) {
      expect(providerSettings(config, p)).toEqual({ kind: 'dev', provider: p, formPost: p === 'apple' });
    }
  });

  it('never offers the local provider in production: an unconfigured provider is unavailable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://verba.example',
      GOOGLE_CLIENT_ID: 'id.apps',
      GOOGLE_CLIENT_SECRET: 's3cret',
    });
    expect(providerSettings(config, 'google')).toMatchObject({ kind: 'oidc', issuer: 'https://accounts.google.com', clientId: 'id.apps' });
    expect(providerSettings(config, 'apple')).toBeUndefined();
    expect(providerSettings(config, 'facebook')).toBeUndefined();
  });

  it('reaches Facebook by plain OAuth 2 and Apple by form POST', () => {
    const config = loadConfig({
      FACEBOOK_CLIENT_ID: 'fb',
      FACEBOOK_CLIENT_SECRET: 'fbs',
      APPLE_CLIENT_ID: 'app.verba',
      APPLE_CLIENT_SECRET: 'jwt',
    });
    expect(providerSettings(config, 'facebook')).toMatchObject({
      kind: 'oauth2',
      userinfoEndpoint: expect.stringContaining('/me?fields=id,name,email'),
    });
    expect(providerSettings(config, 'apple')).toMatchObject({ kind: 'oidc', issuer: 'https://appleid.apple.com', formPost: true });
  });

  it('needs both the client id and its secret', () => {
    expect(providerSettings(loadConfig({ GOOGLE_CLIENT_ID: 'only-the-id' }), 'google')).toEqual({
      kind: 'dev',
      provider: 'google',
      formPost: false,
    });
  });
});
