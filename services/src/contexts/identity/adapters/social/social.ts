import type { FastifyRequest } from 'fastify';
import type { CustomFetch } from 'openid-client';
import type { App } from '../../../../platform/http/server';
import { isLoopbackHost } from '../../../../platform/loopback';
import type { ModuleDeps } from '../../../../platform/module';
import type { PersonalDataVault } from '../../domain/personal-data';
import type { Accounts } from '../../commands/account';
import { usersProjection } from '../../projections/users';
import { SocialAccounts } from '../../commands/social-sign-in';
import { DevOpenIdProviders } from './dev-provider';
import { OpenIdClients } from './openid';
import { LocalTracking, MetaConversionsTracking, type TrackingPort } from './tracking';
import { TransactionSealer } from '../../domain/social-transaction';
import { writeThrough } from '../../../../platform/http/write-through';

/** The parts of social sign-in one runtime shares. */
export interface Social {
  clients: OpenIdClients;
  accounts: SocialAccounts;
  sealer: TransactionSealer;
  dev: DevOpenIdProviders;
  tracking: TrackingPort;
  /** The Verba accounts social sign-in finds, creates and reads. */
  identity: Accounts;
  /**
   * The origin browsers use: PUBLIC_URL. Without it (development) the request's own origin when it names
   * this machine (localhost and 127.0.0.1 keep separate cookies), else http://HOST:PORT: never a foreign Host.
   */
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

export function createSocial(app: App, deps: ModuleDeps, identity: { accounts: Accounts; vault: PersonalDataVault }): Social {
  const { config, log } = deps;
  const purposeKey = deps.secrets.derive('social-sign-in');
  const dev = new DevOpenIdProviders();
  const appOrigin = new URL(deps.appUrl).origin;
  const tracking =
    config.META_PIXEL_ID && config.META_CAPI_ACCESS_TOKEN
      ? new MetaConversionsTracking({ pixelId: config.META_PIXEL_ID, accessToken: config.META_CAPI_ACCESS_TOKEN, log })
      : new LocalTracking();
  return {
    dev,
    tracking,
    identity: identity.accounts,
    sealer: new TransactionSealer(purposeKey),
    clients: new OpenIdClients({ dev, devFetch: injectFetch(() => app) }),
    accounts: new SocialAccounts({
      store: deps.store,
      db: deps.db,
      vault: identity.vault,
      accounts: identity.accounts,
      purposeKey,
      users: writeThrough(deps.projections, [usersProjection]),
    }),
    origin: (request) => (!config.PUBLIC_URL && isLoopbackHost(request.hostname) ? `${request.protocol}://${request.host}` : appOrigin),
  };
}
