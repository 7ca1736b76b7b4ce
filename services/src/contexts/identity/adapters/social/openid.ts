import * as oidc from 'openid-client';
import type { DevOpenIdProviders } from './dev-provider';
import type { ProviderSettings } from './providers';
import type { SocialTransaction } from '../../domain/social-transaction';

/** Who the provider says signed in. `emailVerified` is the provider's word that the email is theirs. */
export interface SocialProfile {
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface OpenIdOptions {
  dev: DevOpenIdProviders;
  /** Reaches the in-process dev provider without the network (routes the request into the app). */
  devFetch: oidc.CustomFetch;
  /** How the real providers are reached; the global fetch unless a test stands in for them. */
  fetch?: oidc.CustomFetch;
  timeoutSeconds?: number;
}

const SCOPES: Record<ProviderSettings['kind'], string> = {
  dev: 'openid email profile',
  oidc: 'openid email profile',
  oauth2: 'email public_profile',
};

/**
 * The relying-party side through openid-client: authorization URLs with PKCE (S256), state and nonce;
 * the callback checks state, exchanges the code with the verifier, and for OpenID providers checks the
 * ID token (issuer, audience, expiry, nonce and, with non-repudiation checks, its signature).
 */
export class OpenIdClients {
  private readonly configs = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly o: OpenIdOptions) {}

  async authorizationUrl(
    settings: ProviderSettings,
    origin: string,
    redirectUri: string,
  ): Promise<{ url: URL; transaction: SocialTransaction }> {
    const config = await this.configuration(settings, origin);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const transaction: SocialTransaction = {
      provider: settings.provider,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier,
      redirectUri,
    };
    const scope = settings.kind === 'oidc' && settings.provider === 'apple' ? 'openid email name' : SCOPES[settings.kind];
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      ...(settings.kind === 'oauth2' ? {} : { nonce: transaction.nonce }),
      ...(settings.kind !== 'oauth2' && settings.formPost ? { response_mode: 'form_post' } : {}),
    });
    return { url, transaction };
  }

  /** `callback` is the request the provider sent the browser back with (a GET, or Apple's form POST). */
  async finish(
    settings: ProviderSettings,
    origin: string,
    tx: SocialTransaction,
    callback: URL | Request,
    appleUser?: string,
  ): Promise<SocialProfile> {
    const config = await this.configuration(settings, origin);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: tx.codeVerifier,
      expectedState: tx.state,
      ...(settings.kind === 'oauth2' ? {} : { expectedNonce: tx.nonce, idTokenExpected: true }),
    });
    if (settings.kind === 'oauth2') {
      const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(settings.userinfoEndpoint), 'GET');
      if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
      const me = (await res.json()) as { id?: unknown; email?: unknown; name?: unknown };
      if (typeof me.id !== 'string' || !me.id) throw new Error('userinfo without an id');
      // Facebook gives no verified flag: its email never links to an existing account on its own.
      return { subject: me.id, emailVerified: false, ...stringField('email', me.email), ...stringField('name', me.name) };
    }
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    const name = typeof claims['name'] === 'string' ? claims['name'] : appleName(appleUser);
    return {
      subject: claims.sub,
      // Apple sends the flag as the string "true".
      emailVerified: claims['email_verified'] === true || claims['email_verified'] === 'true',
      ...stringField('email', claims['email']),
      ...stringField('name', name),
    };
  }

  private configuration(settings: ProviderSettings, origin: string): Promise<oidc.Configuration> {
    const key = settings.kind === 'dev' ? `dev:${settings.provider}:${origin}` : settings.provider;
    let config = this.configs.get(key);
    if (!config) {
      config = this.discover(settings, origin);
      // A failed discovery (provider down) is retried on the next sign-in.
      config.catch(() => this.configs.delete(key));
      if (this.configs.size > 64) this.configs.clear();
      this.configs.set(key, config);
    }
    return config;
  }

  private async discover(settings: ProviderSettings, origin: string): Promise<oidc.Configuration> {
    const timeout = this.o.timeoutSeconds ?? 10;
    switch (settings.kind) {
      case 'dev': {
        const { dev, devFetch } = this.o;
        const secret = dev.clientSecrets[settings.provider];
        const config = await oidc.discovery(new URL(dev.issuer(origin)), settings.provider, undefined, oidc.ClientSecretPost(secret), {
          [oidc.customFetch]: devFetch,
          execute: [oidc.allowInsecureRequests], // plain http on this machine only, and never over the network
          timeout,
        });
        oidc.enableNonRepudiationChecks(config);
        return config;
      }
      case 'oidc': {
        const auth = oidc.ClientSecretPost(settings.clientSecret);
        const fetchWith = this.o.fetch ? { [oidc.customFetch]: this.o.fetch } : {};
        const config = await oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, auth, { timeout, ...fetchWith });
        oidc.enableNonRepudiationChecks(config);
        return config;
      }
      case 'oauth2': {
        const config = new oidc.Configuration(
          {
            issuer: 'https://www.facebook.com',
            authorization_endpoint: settings.authorizationEndpoint,
            token_endpoint: settings.tokenEndpoint,
          },
          settings.clientId,
          undefined,
          oidc.ClientSecretPost(settings.clientSecret),
        );
        if (this.o.fetch) config[oidc.customFetch] = this.o.fetch;
        return config;
      }
    }
  }
}

const stringField = <K extends string>(key: K, value: unknown): Partial<Record<K, string>> =>
  typeof value === 'string' && value.trim() ? ({ [key]: value.trim() } as Record<K, string>) : {};

/** Apple posts the name once, on the first sign-in, as JSON in the `user` form field. */
function appleName(user: string | undefined): string | undefined {
  if (!user) return undefined;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: string; lastName?: string } };
    const full = [parsed.name?.firstName, parsed.name?.lastName].filter(Boolean).join(' ').trim();
    return full || undefined;
  } catch {
    return undefined;
  }
}
