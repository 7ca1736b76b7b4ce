import { timingSafeEqual } from 'node:crypto';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isAdminRole, type RouteDef, type Role } from '@verba/contracts/http';
import type { ReadYourWrites } from '../module';
import { HttpError } from './problem';
import type { App } from './server';
import { responseSchemas } from './openapi';
import { operationIdOf } from './operation-ids';
import { acceptsMinPosition, readAfterFor, type ReadModel } from './read-your-writes';
import { cachedReadsOf, type CachedRead, type CachingHost, type RouteCaching } from './cached-reads';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
}

/** How the platform learns who calls; the identity context provides it, the runtime wires it in. */
export interface Authenticator {
  /** The caller from the request's session cookies, or undefined; may rotate cookies on `reply`. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | undefined>;
  /** The role as the read model has it now: admin checks never trust a token's possibly stale role. */
  currentRole(userId: string): Promise<Role | undefined>;
  /**
   * The CSRF token of the caller's session, derived from it (the `verba_csrf` cookie carries it to the
   * page): a token read from one session is refused on every other.
   */
  csrfToken(user: AuthUser): string;
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const ADMIN_ONLY = 'Only administrators can do this.';
export const CSRF_FAILED = 'Missing or invalid CSRF token.';
export const CSRF_COOKIE = 'verba_csrf';
export const CSRF_HEADER = 'x-verba-csrf';

type Out<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;

/** A multipart body is not parsed before the handler: it streams the parts (`request.files()`). */
type IsMultipart<D extends RouteDef> = D extends { consumes: readonly (infer M)[] }
  ? 'multipart/form-data' extends M
    ? true
    : false
  : false;

export interface RouteInput<D extends RouteDef> {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: IsMultipart<D> extends true ? undefined : Out<D['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Keeps what the handler passes it in the platform cache, on a route that declares `cached`. */
  cached: CachedRead;
}
export type UserRouteInput<D extends RouteDef> = RouteInput<D> & { user: AuthUser };

type Handler<D extends RouteDef> = D['access'] extends 'public'
  ? (input: RouteInput<D> & { user: AuthUser | undefined }) => Promise<z.input<D['response']>>
  : (input: UserRouteInput<D>) => Promise<z.input<D['response']>>;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || expected.length < 16) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
const authenticated = new WeakMap<FastifyRequest, AuthUser | undefined>();

/** The access check of a route (401 without a session, CSRF on writes, admin role), as an onRequest hook. */
export function accessHook(auth: Authenticator, access: RouteDef['access'], method: string, unauthenticated = SESSION_EXPIRED) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const user = await auth.authenticate(request, reply);
    authenticated.set(request, user);
    if (access === 'public') return;
    if (!user) throw new HttpError(401, unauthenticated);
    if (WRITE_METHODS.has(method) && !sameToken(request.headers[CSRF_HEADER], auth.csrfToken(user))) throw new HttpError(403, CSRF_FAILED);
    if (access === 'admin') {
      const role = await auth.currentRole(user.id);
      if (!role || !isAdminRole(role)) throw new HttpError(403, ADMIN_ONLY);
    }
  };
}

/** The caller an accessHook found for this request. */
export const callerOf = (request: FastifyRequest): AuthUser | undefined => authenticated.get(request);

/** Validates params and query as every route does; a multipart body is left to the handler's stream. */
const multipartValidator: FastifySchemaCompiler<z.ZodType> = (req) =>
  req.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(req);

/** What a route is registered with: who calls, the projections' progress its reads wait on, and the cache. */
export interface RouteHost extends CachingHost {
  auth: Authenticator;
  projections: ReadYourWrites;
}

export interface RouteOptions {
  /** Stripe's webhook: a write other sites may send (see cross-site.ts). */
  crossSite?: boolean;
  /**
   * The read models (by their projections) the handler reads. Required exactly when the contract's query
   * takes `minPosition`: the platform then waits until they applied the caller's position before the handler
   * runs (read-your-writes: 400 for a position the log never had, 503 past the bound).
   */
  reads?: readonly ReadModel[] | typeof EVERY_READ_MODEL;
  /**
   * 'admin': an admin page's read, kept ADMIN_CACHE_SECONDS under the route, params and query, and dropped when
   * one of `reads` commits a batch (see cached-reads.ts). The handler passes `cached` what depends on the read
   * models alone; decrypted personal data (names) and what depends on who asks are added after it.
   */
  cached?: RouteCaching;
}

/** For a read that shows other contexts' read models through their ports (an admin list with billing's Master). */
export const EVERY_READ_MODEL = 'every';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The read models (projection names) this route declared it reads: what a minPosition waits on. */
    reads?: readonly string[] | 'every';
  }
}

/** A minPosition route that names no read model would answer stale reads; reads on any other route would wait on nothing. */
function checkedReads(def: RouteDef, reads: RouteOptions['reads']): readonly string[] | 'every' | undefined {
  const declared = reads === EVERY_READ_MODEL ? reads : reads?.length ? reads.map((p) => p.name) : undefined;
  if (acceptsMinPosition(def) && !declared)
    throw new Error(
      `${def.method} ${def.path}: its query takes minPosition, so it must declare the read models it reads ({ reads: [...] })`,
    );
  if (!acceptsMinPosition(def) && declared)
    throw new Error(`${def.method} ${def.path} declares reads, but its query takes no minPosition: nothing would wait on them`);
  return declared;
}

/**
 * Registers a contract route: its zod schemas validate params, query and body and serialize the response;
 * access is enforced before the handler runs; cookie-authenticated writes need the CSRF header; a query
 * given `minPosition` waits for the read models the route declares.
 */
export function registerRoute<D extends RouteDef>(
  app: App,
  host: RouteHost,
  def: D,
  handler: Handler<D>,
  options: RouteOptions = {},
): void {
  const status = def.status ?? 200;
  const multipart = def.consumes?.includes('multipart/form-data') ?? false;
  const reads = checkedReads(def, options.reads);
  const readAfter = reads && readAfterFor(host.projections, reads === EVERY_READ_MODEL ? undefined : [...reads]);
  const cachedFor = cachedReadsOf(def, host, options.reads, options.cached);
  const waitsFor = reads === EVERY_READ_MODEL ? 'every read model' : `these read models: ${reads?.join(', ')}`;
  const description = [def.description, reads && `With \`minPosition\`, waits until it is in ${waitsFor}.`].filter(Boolean).join('\n\n');
  const config: FastifyContextConfig = { ...(options.crossSite ? { crossSite: true } : {}), ...(reads ? { reads } : {}) };
  const operationId = operationIdOf(def);
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      ...(operationId ? { operationId } : {}),
      summary: def.summary,
      ...(description ? { description } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.consumes ? { consumes: [...def.consumes] } : {}),
      ...(def.produces ? { produces: [...def.produces] } : {}),
      response: responseSchemas(def),
      // A public operation says it needs nothing (`security: []`); tools read a missing one as unspecified.
      security: def.access === 'public' ? [] : [WRITE_METHODS.has(def.method) ? { session: [], csrf: [] } : { session: [] }],
    },
    config,
    // A multipart body's schema documents the form; the handler reads and checks the streamed parts.
    ...(multipart ? { validatorCompiler: multipartValidator as never } : {}),
    // Who calls is settled before the body is even parsed: no session means 401, not a validation error.
    onRequest: accessHook(host.auth, def.access, def.method, def.unauthenticated),
    handler: async (request, reply) => {
      const user = authenticated.get(request);
      const minPosition = readAfter && (request.query as { minPosition?: string }).minPosition;
      if (minPosition) await readAfter(minPosition);
      const body = multipart ? undefined : request.body;
      const input = { params: request.params, query: request.query, body, request, reply, user, cached: cachedFor(request) };
      const result = await (handler as (i: typeof input) => Promise<unknown>)(input);
      // A handler may answer another success itself (206, a range of the bytes); else the route's status.
      return reply.code(reply.statusCode === 200 ? status : reply.statusCode).send(result);
    },
  });
}
