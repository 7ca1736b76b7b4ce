import type { FastifyPluginCallback } from 'fastify';

/**
 * A span per HTTP request, by route, through @fastify/otel (loaded only when tracing is on). Hook and
 * handler child spans stay off: the request's own span and the command's spans inside it tell the story
 * at a fraction of the cost.
 */
export async function requestSpans(): Promise<FastifyPluginCallback> {
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    instrumentHandler: false,
    ignorePaths: (route) => route.url === '/api/health' || route.url === '/api/ready',
  });
  return instrumentation.plugin() as FastifyPluginCallback;
}
