import { createHash, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import type { Configuration, default as Provider } from 'oidc-provider';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../../../platform/http/server';
import { loopbackOnly } from '../../../../platform/http/loopback';
import { SOCIAL_PROVIDERS, type SocialProvider } from './providers';

/**
 * A local OpenID provider (oidc-provider) standing in for Google, Facebook and Apple in development and
 * tests, mounted in the same process under /oidc-dev, so the whole redirect flow runs offline. Its login
 * page lets you type any email and name: never enable it in production (see providers.ts).
 */
export const DEV_MOUNT = '/oidc-dev';

interface DevAccount {
  email: string;
  name: string;
  emailVerified: boolean;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export class DevOpenIdProviders {
  /** Client secrets of this process: the relying party and the provider live side by side. */
  readonly clientSecrets: Record<SocialProvider, string> = {
    google: randomBytes(24).toString('base64url'),
    facebook: randomBytes(24).toString('base64url'),
    apple: randomBytes(24).toString('base64url'),
  };
  private readonly accounts = new Map<string, DevAccount>();
  private readonly byOrigin = new Map<string, Promise<Provider>>();
  private readonly cookieKeys = [randomBytes(32).toString('base64url')];
  private key?: JsonWebKey;

  /** The ID token signing key of this process (RS256, what Google and Apple use), made on first use. */
  private signingKey(): JsonWebKey {
    this.key ??= {
      ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
      kid: `dev-${randomBytes(6).toString('hex')}`,
      alg: 'RS256',
      use: 'sig',
    } as JsonWebKey;
    return this.key;
  }
  private readonly listeners: ((provider: Provider) => void)[] = [];

  /** The issuer for an origin: one provider per origin the app is reached on (localhost, 127.0.0.1 ...). */
  issuer(origin: string): string {
    return `${origin}${DEV_MOUNT}`;
  }

  /** Lets tests watch the providers (e.g. the tokens they issue). */
  onProvider(listener: (provider: Provider) => void): void {
    this.listeners.push(listener);
    for (const p of this.byOrigin.values()) void p.then(listener);
  }

  providerFor(origin: string): Promise<Provider> {
    let provider = this.byOrigin.get(origin);
    if (!provider) {
      if (this.byOrigin.size >= 8) throw new Error('too many origins for the development OpenID provider');
      provider = this.create(origin);
      this.byOrigin.set(origin, provider);
      void provider.then((p) => this.listeners.forEach((l) => l(p)));
    }
    return provider;
  }

  /** oidc-provider is loaded only here: a production process, which never creates one, never loads it. */
  private async create(origin: string): Promise<Provider> {
    const { default: OpenIdProvider } = await import('oidc-provider');
    const accounts = this.accounts;
    const configuration: Configuration = {
      clients: SOCIAL_PROVIDERS.map((p) => ({
        client_id: p,
        client_secret: this.clientSecrets[p],
        redirect_uris: [`${origin}/api/auth/${p}/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      })),
      pkce: { required: () => true },
      // Email and name go into the ID token itself, as Google's and Apple's do.
      conformIdTokenClaims: false,
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      cookies: { keys: this.cookieKeys },
      jwks: { keys: [this.signingKey()] },
      ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `${DEV_MOUNT}/interaction/${interaction.uid}` },
      async findAccount(_ctx, sub) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified, name: account.name }),
        };
      },
      renderError(ctx, out) {
        ctx.type = 'html';
        ctx.body = `<!doctype html><title>Sign-in error</title><p>${escapeHtml(String(out['error_description'] ?? out['error']))}</p>`;
      },
    };
    return new OpenIdProvider(this.issuer(origin), configuration);
  }

  /** Signs a dev account in for an interaction; the subject is stable per email, like a real provider's. */
  login(email: string, name: string, emailVerified: boolean): string {
    const accountId = `dev-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;
    this.accounts.set(accountId, { email: email.trim(), name: name.trim() || email.split('@')[0]!, emailVerified });
    return accountId;
  }
}

function loginPage(uid: string, clientId: string): string {
  const label = clientId.charAt(0).toUpperCase() + clientId.slice(1);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local ${escapeHtml(label)} sign-in</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto">
<h1>Local ${escapeHtml(label)} sign-in</h1>
<p>Development stand-in for ${escapeHtml(label)}: sign in as anyone.</p>
<form method="post" action="${DEV_MOUNT}/interaction/${escapeHtml(uid)}/login">
  <p><label>Email <input name="email" type="email" required value="learner@example.org"></label></p>
  <p><label>Name <input name="name" value="Local Learner"></label></p>
  <p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified by the provider</label></p>
  <p><button type="submit">Continue</button></p>
</form>
</body></html>`;
}

type Origin = (request: FastifyRequest) => string;

/**
 * Mounts the provider and its login page under /oidc-dev. The scope must parse form bodies as strings:
 * oidc-provider then reads the body from req.body. `origin` says which origin a request was made on.
 */
/** Development only (never in production): inline style and scripts of the stand-in's pages, forms to this origin. */
const DEV_PROVIDER_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function mountDevProvider(scope: App, dev: DevOpenIdProviders, origin: Origin): void {
  // The stand-in's own pages (a login form posting to itself, oidc-provider's auto-submitting form_post
  // page) are not the app's: they get a page policy that allows them, not the API's "load nothing".
  // Set on the raw response, where helmet put its header, so hijacked replies carry it too.
  const devPagePolicy = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.raw.setHeader('content-security-policy', DEV_PROVIDER_POLICY);
  };
  // Anyone who reaches it signs in as anyone: only clients on this machine are answered.
  const hidden = { schema: { hide: true }, logLevel: 'warn' as const, onRequest: [loopbackOnly, devPagePolicy] };
  const interaction = async (request: FastifyRequest, reply: FastifyReply) => {
    const provider = await dev.providerFor(origin(request));
    return { provider, details: await provider.interactionDetails(request.raw, reply.raw) };
  };
  const page = (reply: FastifyReply, html: string, status = 200) => reply.code(status).type('text/html; charset=utf-8').send(html);

  scope.get(`${DEV_MOUNT}/interaction/:uid`, hidden, async (request, reply) => {
    const { details } = await interaction(request, reply);
    return page(reply, loginPage(details.uid, String(details.params['client_id'])));
  });

  scope.post(`${DEV_MOUNT}/interaction/:uid/login`, hidden, async (request, reply) => {
    const { provider, details } = await interaction(request, reply);
    const clientId = String(details.params['client_id']);
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const email = form.get('email')?.trim();
    if (!email) return page(reply, loginPage(details.uid, clientId), 400);
    const accountId = dev.login(email, form.get('name') ?? '', form.get('email_verified') === 'true');
    // First-party stand-in: grant what was asked for without a consent page.
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params['scope'] ?? 'openid'));
    const grantId = await grant.save();
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId }, consent: { grantId } },
      {
        mergeWithLastSubmission: false,
      },
    );
  });

  scope.all(`${DEV_MOUNT}/*`, hidden, async (request, reply) => {
    const provider = await dev.providerFor(origin(request));
    const raw = request.raw as typeof request.raw & { originalUrl?: string; body?: unknown };
    // oidc-provider finds its mount path from originalUrl minus url, as under express.
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(DEV_MOUNT.length) || '/';
    if (typeof request.body === 'string') raw.body = request.body;
    reply.hijack();
    await provider.callback()(raw, reply.raw);
  });
}
