import type { App } from './server';
import { problem, sendProblem } from './problem';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes writes from other sites: a webhook, a provider's form_post callback. */
    crossSite?: boolean;
  }
}

export const CROSS_SITE_REFUSED = 'This request came from another site and was refused: changes are accepted only from Verba itself.';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a write a browser sent from another site (its Origin is not ours, or Sec-Fetch-Site says
 * cross-site) before anything is parsed or appended: a second wall besides the session's CSRF token, and
 * the only one for writes without a session (sign-in, sign-up). Our origin is PUBLIC_URL's when set, else
 * the one the request was served on. A request without either header (a non-browser client) passes here.
 */
export function refuseCrossSiteWrites(app: App, publicUrl: string | undefined): void {
  const own = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', (request, reply, done) => {
    if (!WRITES.has(request.method) || request.routeOptions.config?.crossSite) return done();
    const origin = request.headers.origin?.toLowerCase();
    const expected = own ?? `${request.protocol}://${request.host}`.toLowerCase();
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && origin !== expected);
    if (!crossSite) return done();
    sendProblem(reply, problem(403, CROSS_SITE_REFUSED));
  });
}
