import type { FastifyRequest } from 'fastify';
import type { CustomFetch } from 'openid-client';
import type { App } from '../../../platform/http/server';
import type { ModuleDeps } from '../../../platform/module';
import type { PersonalDataVault } from '../personal-data';
import type { IdentityService } from '../service';
import { usersProjection } from '../projection';
import { SocialAccounts } from './accounts';
import { DevOpenIdProviders } from './dev-provider';
import { OpenIdClients } from './openid';
import { LocalTracking, MetaConversionsTracking, type TrackingPort } from './tracking';
import { TransactionSealer } from './transaction';

/** The parts of social sign-in one runtime shares. */
export interface Social {
  clients: OpenIdClients;
  accounts: SocialAccounts;
  sealer: TransactionSealer;
  dev: DevOpenIdProviders;
  tracking: TrackingPort;
  service: IdentityService;
  /** The origin browsers use: PUBLIC_URL, else (development) the origin the request came in on. */
  origin(request: FastifyRequest): string;
}

/**
 * Reaches the in-process dev provider through app.inject: its discovery, token and JWKS requests never
 * touch the network, so no Host header can point the server's requests elsewhere.
 */
function injectFetch(app: () => App): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const body = options.body instanceof URLSearchParams ? options.body.toString() : (options.body as string | undefined);
    const res = await app().inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(body !== undefined && body !== null ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined) headers.append(k, String(one));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

export function createSocial(
  app: App,
  deps: ModuleDeps,
  identity: { service: IdentityService; vault: PersonalDataVault },
): Social {
  const { config, log } = deps;
  const purposeKey = deps.secrets.derive('social-sign-in');
  const dev = new DevOpenIdProviders();
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
  const tracking =
    config.META_PIXEL_ID && config.META_CAPI_ACCESS_TOKEN
      ? new MetaConversionsTracking({ pixelId: config.META_PIXEL_ID, accessToken: config.META_CAPI_ACCESS_TOKEN, log })
      : new LocalTracking();
  return {
    dev,
    tracking,
    service: identity.service,
    sealer: new TransactionSealer(purposeKey),
    clients: new OpenIdClients({ dev, devFetch: injectFetch(() => app) }),
    accounts: new SocialAccounts({
      store: deps.store,
      db: deps.db,
      vault: identity.vault,
      service: identity.service,
      purposeKey,
      waitFor: (position) => deps.projections.waitFor(position, { projections: [usersProjection.name], timeoutMs: 5000 }),
    }),
    origin: (request) => publicOrigin ?? `${request.protocol}://${request.host}`,
  };
}
