import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from '../logger';
import { errorHandler, problem, sendProblem } from './problem';

export type App = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  Logger,
  ZodTypeProvider
>;

export interface ServerOptions {
  log: Logger;
  /** Answers /api/ready: false while starting or draining. */
  ready: () => boolean | Promise<boolean>;
  /**
   * Check every response against its contract schema before sending (development and tests). Production
   * skips the check: handlers are typed against the same schemas, and the check costs a third of a read.
   */
  validateResponses?: boolean;
  /** Sees every route as it is registered, the server's own included (a test checks them against contracts). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** Answers GETs no route matched (the web app's pages); returns false to leave them a 404. */
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

const plainSerializer = () => (data: unknown) => JSON.stringify(data);

/** The fastify instance every role shares: zod schemas, problem+json errors, request ids, docs, health. */
export async function createHttpServer(o: ServerOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: o.log,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  if (o.onRoute) app.addHook('onRoute', (route) => o.onRoute!(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(o.validateResponses === false ? plainSerializer : serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    if (o.pageFallback?.(request, reply)) return reply;
    return sendProblem(reply, problem(404, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Verba API', version: '0.1.0', description: 'Reading-first language learning.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'verba_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { schema: { hide: true } }, async (_req, reply) => {
    const ready = await o.ready();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'starting' });
  });
  return app as unknown as App;
}
