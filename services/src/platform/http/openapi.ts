import type { z } from 'zod';
import { ProblemSchema, type RouteDef } from '@verba/contracts/http';
import { acceptsMinPosition } from './read-your-writes';

/**
 * The API document as a manual for other teams: how to call (session, CSRF, commands, read-your-writes,
 * errors), and on every route each error it can answer, derived from what the route is (its access, method
 * and inputs) plus what the route itself declares.
 */
export const API_GUIDE = `Reading-first language learning: the Verba API.

**Sessions.** Sign in with \`POST /api/sign-in\`; the answer sets two httpOnly cookies (a 5-minute access token \`verba_session\` and a rotating refresh token) and a readable \`verba_csrf\` cookie. Requests carry the cookies; an expired access token is refreshed on the next request. Without a valid session a route answers 401.

**CSRF.** Every write (POST, PUT, PATCH, DELETE) of a signed-in caller must send the header \`x-verba-csrf\` with the value of the \`verba_csrf\` cookie. The token belongs to the session (derived from it on the server): one session's token is refused on another. Without it, or with another session's, the route answers 403 "Missing or invalid CSRF token."

**Cross-site writes.** A write a browser sends from another site is refused with 403 before anything is read or changed: its \`Origin\` header is not the app's own origin (\`PUBLIC_URL\`), or \`Sec-Fetch-Site\` is \`cross-site\`. This holds for every write, signed in or not (sign-in and sign-up too). Clients that send neither header (servers, scripts) are not affected. Exempt: Stripe's webhook and the social sign-in callbacks (Sign in with Apple answers by a form POST from Apple's site).

**Commands and idempotency.** Writes that accept a \`commandId\` (a UUID the client makes) take effect once however often they are retried with the same id: send one id per logical command and reuse it on a retry. The same id sent with another body, or by another user, answers 409 and changes nothing.

**Read-your-writes (\`minPosition\`).** A write answers with \`position\`, the place of its last event in the log (\`"transaction.sequence"\`). Read models follow the log a few milliseconds behind; a query given \`minPosition=<that position>\` waits (at most 5 s) until its read model includes the write, so the caller always reads its own writes. A \`minPosition\` the log never had answers 400 at once; one not reached within 5 s answers 503 (retry).

**Errors** are \`application/problem+json\` (RFC 9457): \`status\`, \`title\`, \`detail\` and \`message\` (the same human-readable text, in the product's words), an optional machine-readable \`code\`, and for validation failures \`errors\` (one entry per field: \`path\`, \`message\`). Text containing NUL or an unpaired UTF-16 surrogate is refused with 400 on every route. 5xx answers carry a generic message; details go to the server log under the \`x-request-id\` every answer carries (send your own \`x-request-id\` to find your request's lines there). The events a write appends record who made it (the signed-in caller) and the command's id, not the request's.

**Rate limits** answer 429 with \`Retry-After\` (seconds).

**Events.** What happens in Verba is also published to Kafka as integration events (one topic per context, keyed by the learner's id, at least once): their manual is the AsyncAPI 3 document at [/api/docs/asyncapi.json](/api/docs/asyncapi.json), with every event's JSON Schema, its headers and its key.

**Versions.** \`info.version\` follows semantic versioning. Within a major version nothing a client relies on is taken away: no operation is removed, no field of a successful answer is removed or made optional, no request field or parameter becomes required, and no request accepts fewer types, values or lengths than before. Verba's CI compares every build's document with the one kept for its major version and fails on any of these; new operations, fields and values may appear at any time, so a client ignores what it does not know.`;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every error status a route can answer, with when. */
export function routeErrors(def: RouteDef): Record<number, string> {
  const errors: Record<number, string[]> = {};
  const add = (status: number, text: string) => (errors[status] ??= []).push(text);
  if (def.params || def.query || def.body)
    add(400, 'the request does not match its schema (`errors` names each field), or text holds NUL or an unpaired surrogate');
  if (def.access !== 'public') add(401, 'no valid session (signed out, or the session expired)');
  if (def.access !== 'public' && WRITES.has(def.method))
    add(
      403,
      "the `x-verba-csrf` header is missing or is not this session's token (the `verba_csrf` cookie), or a browser sent the write from another site",
    );
  if (def.access === 'admin') add(403, 'the caller is not an Admin or Owner ("Only administrators can do this.")');
  if (acceptsMinPosition(def)) {
    add(400, '`minPosition` is not a position of this log');
    add(503, 'the read model did not reach `minPosition` within 5 s: retry');
  }
  for (const [status, text] of Object.entries(def.errors ?? {})) add(Number(status), text!);
  add(500, 'an unexpected failure (generic message; details in the server log under the request id)');
  return Object.fromEntries(Object.entries(errors).map(([status, texts]) => [status, texts.join('; or ')]));
}

/** Fastify response schemas: success, each error with its description, and catch-alls for the rest. */
export function responseSchemas(def: RouteDef): Record<string, z.ZodType> {
  const responses: Record<string, z.ZodType> = { [def.status ?? 200]: def.response };
  for (const [status, text] of Object.entries(routeErrors(def))) responses[status] = ProblemSchema.describe(text);
  responses['4xx'] = ProblemSchema.describe('another client error, described in `detail`');
  responses['5xx'] = ProblemSchema.describe('a server failure (generic message)');
  return responses;
}

type Json = { [key: string]: unknown };

/**
 * The generated document, finished for the tools other teams use (Redocly's recommended rules, client
 * generators): `servers` from PUBLIC_URL (or this server, relative), and file parts' `anyOf` of empty
 * schemas removed (zod's per-MIME-type branches lose their only keyword in OpenAPI 3.0 and would match
 * anything; the accepted types are in each route's summary).
 */
export function tidyOpenApi<T extends object>(document: T, publicUrl: string | undefined): T {
  const doc = document as Json;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const schema = node as Json;
    if (Array.isArray(schema.anyOf) && schema.anyOf.every((s) => s && typeof s === 'object' && Object.keys(s).length === 0))
      delete schema.anyOf;
    Object.values(schema).forEach(walk);
  };
  walk(doc.paths);
  doc.servers = [publicUrl ? { url: publicUrl, description: 'Verba' } : { url: '/', description: 'this server' }];
  return document;
}
