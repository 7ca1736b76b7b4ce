import { SOCIAL_PROVIDERS, type SocialProvider } from '@verba/contracts';
import type { Config } from '../../../../platform/config';

export { SOCIAL_PROVIDERS, type SocialProvider };
export const isSocialProvider = (p: string): p is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(p);

/**
 * How the app reaches one provider. `oidc`: discovery from the issuer, an ID token checked with nonce.
 * `oauth2`: Facebook's plain OAuth 2 (no ID token); the profile comes from its userinfo-like Graph API.
 * `dev`: the local OpenID provider mounted in this process.
 */
export type ProviderSettings =
  | { kind: 'oidc'; provider: SocialProvider; issuer: string; clientId: string; clientSecret: string; formPost: boolean }
  | {
      kind: 'oauth2';
      provider: SocialProvider;
      clientId: string;
      clientSecret: string;
      authorizationEndpoint: string;
      tokenEndpoint: string;
      userinfoEndpoint: string;
    }
  | { kind: 'dev'; provider: SocialProvider; formPost: boolean };

const FACEBOOK_GRAPH = 'https://graph.facebook.com/v19.0';

/** The settings of each provider from the environment; undefined when it cannot be used here. */
export function providerSettings(config: Config, provider: SocialProvider): ProviderSettings | undefined {
  // The stand-in answers Apple's sign-in by form POST too, so that path runs here as well.
  const dev = config.NODE_ENV !== 'production' ? ({ kind: 'dev', provider, formPost: provider === 'apple' } as const) : undefined;
  const oidc = (clientId: string | undefined, clientSecret: string | undefined, issuer: string, formPost: boolean) =>
    clientId && clientSecret ? ({ kind: 'oidc', provider, issuer, clientId, clientSecret, formPost } as const) : dev;
  switch (provider) {
    case 'google':
      return oidc(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.GOOGLE_ISSUER ?? 'https://accounts.google.com', false);
    case 'apple':
      // Apple returns email and name only by form_post when they are asked for.
      return oidc(config.APPLE_CLIENT_ID, config.APPLE_CLIENT_SECRET, config.APPLE_ISSUER ?? 'https://appleid.apple.com', true);
    case 'facebook':
      if (!config.FACEBOOK_CLIENT_ID || !config.FACEBOOK_CLIENT_SECRET) return dev;
      return {
        kind: 'oauth2',
        provider,
        clientId: config.FACEBOOK_CLIENT_ID,
        clientSecret: config.FACEBOOK_CLIENT_SECRET,
        authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
        tokenEndpoint: `${FACEBOOK_GRAPH}/oauth/access_token`,
        userinfoEndpoint: `${FACEBOOK_GRAPH}/me?fields=id,name,email`,
      };
  }
}
