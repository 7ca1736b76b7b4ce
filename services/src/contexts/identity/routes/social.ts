import type { FastifyReply, FastifyRequest } from 'fastify';
import { NEW_ACCOUNT_PARAM, socialRoutes, type SocialProvider, type SocialSignInReason } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { ModuleDeps } from '../../../platform/module';
import type { Sessions } from '../domain/sessions';
import { SocialSignInError } from '../commands/social-sign-in';
import { mountDevProvider } from '../adapters/social/dev-provider';
import { isSocialProvider, providerSettings, SOCIAL_PROVIDERS } from '../adapters/social/providers';
import type { Social } from '../adapters/social/social';
import { TRANSACTION_COOKIE, TRANSACTION_TTL_S } from '../domain/social-transaction';

const AUTH_PREFIX = '/api/auth';
const UNKNOWN_PROVIDER = 'Unknown sign-in provider';

function signInError(reply: FastifyReply, provider: SocialProvider, reason: SocialSignInReason = 'failed') {
  const query = new URLSearchParams({ error: provider, ...(reason === 'failed' ? {} : { reason }) });
  return reply.redirect(`/app/sign-in?${query}`, 303);
}

/**
 * GET /api/auth/:provider/start redirects to the provider; GET (or Apple's form POST)
 * /api/auth/:provider/callback finishes the sign-in, starts a session like password sign-in does and
 * redirects into the app. Every failure lands on /app/sign-in?error=<provider> with no detail leaked.
 */
export function registerSocialRoutes(app: App, deps: ModuleDeps, social: Social, sessions: Sessions): void {
  const { config, log } = deps;
  const secure = deps.config.COOKIE_SECURE ?? config.NODE_ENV === 'production';
  const usesDev = SOCIAL_PROVIDERS.some((p) => providerSettings(config, p)?.kind === 'dev');

  const providerOf = (request: FastifyRequest<{ Params: { provider: string } }>): SocialProvider => {
    const { provider } = request.params;
    if (!isSocialProvider(provider)) throw new HttpError(404, UNKNOWN_PROVIDER);
    return provider;
  };

  void app.register(async (scope) => {
    // Apple answers with a form POST; the dev provider's pages post forms too.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    if (usesDev) await mountDevProvider(scope as unknown as App, social.dev, social.origin);

    scope.get<{ Params: { provider: string } }>(`${AUTH_PREFIX}/:provider/start`, { schema: { hide: true } }, async (request, reply) => {
      const provider = providerOf(request);
      const settings = providerSettings(config, provider);
      if (!settings) return signInError(reply, provider);
      const origin = social.origin(request);
      try {
        const { url, transaction } = await social.clients.authorizationUrl(
          settings,
          origin,
          `${origin}${AUTH_PREFIX}/${provider}/callback`,
        );
        // Apple's form POST is a cross-site POST: only a SameSite=None (so Secure) cookie comes with it.
        // (The local stand-in posts from this same site, where Lax is enough and plain http works.)
        const crossSitePost = settings.kind === 'oidc' && settings.formPost;
        reply.setCookie(TRANSACTION_COOKIE, await social.sealer.seal(transaction), {
          path: AUTH_PREFIX,
          httpOnly: true,
          secure: secure || crossSitePost,
          sameSite: crossSitePost ? 'none' : 'lax',
          maxAge: TRANSACTION_TTL_S,
        });
        return reply.redirect(url.href, 303);
      } catch (e) {
        log.warn({ provider, err: describe(e) }, 'social sign-in could not start');
        return signInError(reply, provider);
      }
    });

    // The callback's query carries the authorization code: keep it out of the request log.
    const callback = async (request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) => {
      const provider = providerOf(request);
      const settings = providerSettings(config, provider);
      const tx = await social.sealer.open(request.cookies[TRANSACTION_COOKIE], provider);
      reply.clearCookie(TRANSACTION_COOKIE, { path: AUTH_PREFIX }); // one try per transaction
      if (!settings || !tx) return signInError(reply, provider);
      try {
        const form = typeof request.body === 'string' ? request.body : undefined;
        const current = new URL(tx.redirectUri);
        const query = request.url.indexOf('?');
        current.search = query >= 0 ? request.url.slice(query) : '';
        const incoming =
          form === undefined
            ? current
            : new Request(current, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        const profile = await social.clients.finish(
          settings,
          social.origin(request),
          tx,
          incoming,
          new URLSearchParams(form ?? '').get('user') ?? undefined,
        );
        const result = await social.accounts.signIn(provider, profile);
        await sessions.start(reply, result.userId, result.role);
        const target = result.showMainOnboarding ? '/app/onboarding' : '/app/dashboard';
        return reply.redirect(result.isNew ? `${target}?${NEW_ACCOUNT_PARAM}=1` : target, 303);
      } catch (e) {
        if (e instanceof SocialSignInError) {
          log.info({ provider, reason: e.reason }, 'social sign-in refused');
          return signInError(reply, provider, e.reason);
        }
        log.warn({ provider, err: describe(e) }, 'social sign-in failed');
        return signInError(reply, provider);
      }
    };
    const options = { schema: { hide: true }, logLevel: 'warn' as const };
    scope.get(`${AUTH_PREFIX}/:provider/callback`, options, callback);
    // Apple's form_post comes from Apple's site: a cross-site POST by design, checked by state, PKCE and nonce instead.
    scope.post(`${AUTH_PREFIX}/:provider/callback`, { ...options, config: { crossSite: true } }, callback);
  });

  registerRoute(app, deps, socialRoutes.metaCapi, async ({ user, body, request }) => {
    if (!body.analyticsConsent) return { recorded: false };
    const view = await social.identity.queries.view(user.id);
    try {
      await social.tracking.record({
        eventName: body.eventName,
        eventId: `${body.eventName}-${user.id}`,
        userId: user.id,
        ...(view ? { email: view.email } : {}),
        at: new Date(),
        ...(body.sourceUrl ? { sourceUrl: body.sourceUrl } : {}),
        clientIp: request.ip,
        ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
      });
      return { recorded: true };
    } catch (e) {
      log.warn({ err: describe(e) }, 'tracking event not sent');
      return { recorded: false };
    }
  });
}

/**
 * What to log of a failure: kinds, fixed messages and the provider's error codes, one cause deep. Never
 * the causes' own payloads: openid-client puts the callback's parameters and token claims there.
 */
function describe(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { kind: typeof e };
  const one = (x: Error) => {
    const { code, error, status } = x as Error & { code?: unknown; error?: unknown; status?: unknown };
    return { kind: x.name, message: x.message, ...(code ? { code } : {}), ...(error ? { error } : {}), ...(status ? { status } : {}) };
  };
  return { ...one(e), ...(e.cause instanceof Error ? { cause: one(e.cause) } : {}) };
}
