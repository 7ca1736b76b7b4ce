import { createHash } from 'node:crypto';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from './server';

/**
 * Security headers on every response (helmet): no framing, no MIME sniffing, a strict referrer policy,
 * HSTS, and a Content-Security-Policy that lets an API answer load nothing at all. HTML pages of the web
 * app replace that policy with `pagePolicy` (web.ts), which allows the app's own scripts only.
 */
export const API_POLICY = "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'";

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  // The web app loads fragments and images from its registry's origins; a same-origin policy for
  // embedded resources would refuse them.
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * helmet's headers, worked out once: none depends on the request, and building helmet's middleware per
 * request (what @fastify/helmet does) cost about 4% of the API's CPU per request.
 */
export function securityHeaders(): [string, string][] {
  const headers = new Map<string, string>();
  const capture = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  helmet(HELMET_OPTIONS)({} as never, capture as never, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

export async function registerSecurityHeaders(app: App): Promise<void> {
  const headers = securityHeaders();
  // On the raw response, before any handler: a page or a hijacked reply may still replace the policy.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** sha256 sources of every inline <script> of a page, so the policy allows exactly those and no other. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.add(`'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy of an HTML page of the web app: scripts from this origin (and the fragment origins the
 * registry names) plus the page's own inline scripts by hash, never 'unsafe-inline' or eval. Styles may
 * be inline: the fragments inject their CSS as <style> elements at run time.
 */
export function pagePolicy(html: string, scriptOrigins: readonly string[] = []): string {
  const scripts = ["'self'", ...scriptOrigins, ...inlineScriptHashes(html)].join(' ');
  const elsewhere = ["'self'", ...scriptOrigins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    `style-src ${elsewhere} 'unsafe-inline'`,
    `img-src ${elsewhere} data: blob:`,
    "media-src 'self' blob:",
    `font-src ${elsewhere} data:`,
    `connect-src ${elsewhere}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
