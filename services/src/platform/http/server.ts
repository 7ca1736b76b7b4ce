import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { UNSAFE_TEXT_MESSAGE, findUnsafeText } from '@verba/contracts/domain';
import { lazyChildLogger, type Logger } from '../logger';
import { errorHandler, problem, sendProblem } from './problem';
import { checkedSerializer } from './response-serializer';
import { registerSecurityHeaders } from './security-headers';
import { refuseCrossSiteWrites } from './cross-site';
import { API_GUIDE, tidyOpenApi } from './openapi';
import { asyncApiDocument } from '@verba/contracts/integration';
import { countRequests } from '../metrics/http-metrics';
import { traceRequests } from '../tracing/request-spans';
import { tracingOn } from '../tracing/tracing';
import type { Readiness } from '../health/readiness';

export type App = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  Logger,
  ZodTypeProvider
>;

export interface ServerOptions {
  log: Logger;
  /** Answers /api/ready: each dependency's state (health/readiness.ts), or just whether (tests). */
  ready: () => boolean | Promise<boolean> | Promise<Readiness>;
  /**
   * Check every response against its contract schema before sending (development and tests). Production
   * skips the check: handlers are typed against the same schemas, and the check costs a third of a read.
   * As production sends the handler's object as it is, the check also refuses fields the schema does not
   * declare (response-serializer.ts), so no test passes on a field the schema would have hidden.
   */
  validateResponses?: boolean;
  /** Sees every route as it is registered, the server's own included (a test checks them against contracts). */
  onRoute?: (route: { method: string | string[]; url: string; config?: FastifyContextConfig }) => void;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: number | string[];
  /** Answers GETs no route matched (the web app's pages); returns false to leave them a 404. */
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
  /** PUBLIC_URL: the only origin writes are accepted from; unset, the origin a request was served on. */
  publicUrl?: string;
}

const hops = (count: number) => (_address: string, hop: number) => hop < count;

const plainSerializer = () => (data: unknown) => JSON.stringify(data);

/** The fastify instance every role shares: zod schemas, problem+json errors, request ids, docs, health. */
export async function createHttpServer(o: ServerOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: o.log,
    // A request's child logger is made only if the request logs (most log nothing): see lazyChildLogger.
    childLoggerFactory: (logger, bindings, options) => lazyChildLogger(logger as Logger, bindings, options),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A hop count: believe that many proxies in front (fastify's types take it as a function).
    ...(o.trustProxy === undefined ? {} : { trustProxy: typeof o.trustProxy === 'number' ? hops(o.trustProxy) : o.trustProxy }),
  }).withTypeProvider<ZodTypeProvider>();

  // Before any route: each route's handler is wrapped as it is added, to run in its request's span.
  if (tracingOn()) traceRequests(app as unknown as FastifyInstance);
  if (o.onRoute) app.addHook('onRoute', (route) => o.onRoute!(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(o.validateResponses === false ? plainSerializer : checkedSerializer);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    if (o.pageFallback?.(request, reply)) return reply;
    return sendProblem(reply, problem(404, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
  // Hooks that need no await are callback style: an async hook costs every request a promise or two.
  // The request id goes on the raw response at once, so every answer carries it (errors and 404s too).
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });
  countRequests(app as unknown as FastifyInstance);
  refuseCrossSiteWrites(app as unknown as App, o.publicUrl);
  // Part of validation for every route, before its own schema: no NUL or unpaired surrogate anywhere.
  app.addHook('preValidation', (request, reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const at = findUnsafeText(value);
      if (at === undefined) continue;
      const path = at === '' ? part : `${part}.${at}`;
      sendProblem(reply, problem(400, UNSAFE_TEXT_MESSAGE, { errors: [{ path, message: UNSAFE_TEXT_MESSAGE }] }));
      return; // answered: the route does not run
    }
    done();
  });

  await registerSecurityHeaders(app as unknown as App);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Verba API', version: '0.1.0', description: API_GUIDE },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'verba_session', description: 'The session cookie set by POST /api/sign-in' },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: 'x-verba-csrf',
            description: 'On every write: the value of the verba_csrf cookie (the token of this session)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (d) => ('openapiObject' in d ? tidyOpenApi(d.openapiObject, o.publicUrl) : d.swaggerObject),
  });
  // staticCSP: the docs page gets a policy with hashes of its own inline scripts instead of the API's
  // (without upgrade-insecure-requests, which would break the docs served over plain http locally).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  // The integration events' manual, beside this one (linked from API_GUIDE); generated once, it never changes while running.
  const asyncApi = JSON.stringify(asyncApiDocument({ version: '1.0.0' }));
  app.get('/api/docs/asyncapi.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(asyncApi),
  );
  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { schema: { hide: true } }, async (_req, reply) => {
    const answer = await o.ready();
    if (typeof answer === 'boolean') return reply.code(answer ? 200 : 503).send({ status: answer ? 'ready' : 'starting' });
    return reply
      .code(answer.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });
  return app as unknown as App;
}
