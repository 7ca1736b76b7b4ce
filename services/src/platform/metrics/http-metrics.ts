import type { FastifyInstance } from 'fastify';
import { http, metricsOn } from './registry';

const started = Symbol('metrics started');
type Timed = { [started]?: bigint };

/**
 * Requests by route template (never the raw URL: ids would make a series per article), method and status,
 * their duration and how many are in flight. Added only when metrics are on.
 */
export function countRequests(app: FastifyInstance): void {
  if (!metricsOn()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    (request as Timed)[started] = process.hrtime.bigint();
    http.inFlight.inc();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const start = (request as Timed)[started];
    if (start !== undefined) {
      http.inFlight.dec();
      const route = request.routeOptions.url ?? 'unmatched';
      const method = request.method;
      http.requests.inc({ route, method, status: String(reply.statusCode) });
      http.duration.observe({ route, method }, Number(process.hrtime.bigint() - start) / 1e9);
    }
    done();
  });
}
