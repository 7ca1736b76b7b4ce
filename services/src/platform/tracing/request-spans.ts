import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { tracer } from './tracing';

const SPAN = Symbol('request span');
type Traced = { [SPAN]?: Span };

/**
 * A span per HTTP request, named by its route, continuing a caller's W3C traceparent. The sampling decision
 * is taken at the door: a request whose trace is not kept gets no span and no context at all, so its
 * command, append and queries start none either (tracing.ts's helpers skip work outside a recording span).
 * @fastify/otel, tried first, gave every request a span and a context whatever the decision, and with pg's
 * spans under them cost the mark load about a sixth of its rate at 0% sampling (bench: marks).
 */
export function traceRequests(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function traced(this: unknown, request, reply) {
      const span = (request as Traced)[SPAN];
      if (!span) return handler.call(this as never, request, reply);
      return context.with(trace.setSpan(context.active(), span), () => handler.call(this as never, request, reply));
    } as typeof handler;
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route && route !== '/api/health' && route !== '/api/ready') {
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = tracer.startSpan(
        `${request.method} ${route}`,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route } },
        parent,
      );
      if (span.isRecording()) (request as Traced)[SPAN] = span;
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = (request as Traced)[SPAN];
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
