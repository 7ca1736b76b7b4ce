/**
 * HTTP requests for a contract route, generated from its params, query and body schemas: what a careless
 * client or an attacker might send. Path parameters and query values are made text the way a URL carries
 * them, lone surrogates included (as the invalid UTF-8 bytes a raw client could send).
 */
import fc, { type Arbitrary } from 'fast-check';
import type { RouteDef } from '@verba/contracts/http';
import { anyOf, toJsonSchema, type JsonSchema } from './arbitraries';

export interface FuzzRequest {
  method: RouteDef['method'];
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

/** Percent-encodes like encodeURIComponent, but also a lone surrogate (as its 3 WTF-8 bytes). */
export function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? ''));

const propertiesOf = (schema: JsonSchema | undefined): Record<string, JsonSchema> => schema?.properties ?? {};

function pathArbitrary(route: RouteDef): Arbitrary<string> {
  const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(route.path);
  const params = propertiesOf(route.params ? toJsonSchema(route.params) : undefined);
  const values = names.map((n) => anyOf(params[n] ?? { type: 'string' }).map(asText));
  return fc.tuple(...values).map((parts) => {
    let i = 0;
    return route.path.replace(/:([A-Za-z0-9_]+)/g, () => encodeLoose(parts[i++]!));
  });
}

function queryArbitrary(route: RouteDef): Arbitrary<string> {
  if (!route.query) return fc.constant('');
  return anyOf(toJsonSchema(route.query)).map((query) => {
    if (query === null || typeof query !== 'object' || Array.isArray(query)) return `?q=${encodeLoose(asText(query))}`;
    const pairs: string[] = [];
    for (const [key, value] of Object.entries(query)) {
      for (const one of Array.isArray(value) ? value : [value]) pairs.push(`${encodeLoose(key)}=${encodeLoose(asText(one))}`);
    }
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

/** JSON text of the body (kept as text so `__proto__` stays an own key on the wire). */
function bodyArbitrary(route: RouteDef): Arbitrary<string | undefined> {
  if (!route.body || route.method === 'GET') return fc.constant(undefined);
  return anyOf(toJsonSchema(route.body)).map((body) => JSON.stringify(body));
}

export function requestsFor(route: RouteDef): Arbitrary<FuzzRequest> {
  return fc.tuple(pathArbitrary(route), queryArbitrary(route), bodyArbitrary(route)).map(([path, query, payload]): FuzzRequest => {
    const request: FuzzRequest = { method: route.method, url: `${path}${query}`, headers: {} };
    if (payload !== undefined) {
      request.payload = payload;
      request.headers['content-type'] = 'application/json';
    }
    return request;
  });
}

/** Does the route's body take a client-made `commandId`? */
export const takesCommandId = (route: RouteDef): boolean =>
  !!route.body && route.method !== 'GET' && 'commandId' in propertiesOf(toJsonSchema(route.body));

/** The request with its body's `commandId` set to `id` (a body that is not an object stays as it is). */
export function withCommandId(request: FuzzRequest, id: string): FuzzRequest {
  if (request.payload === undefined) return request;
  let body: unknown;
  try {
    body = JSON.parse(request.payload);
  } catch {
    return request;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return request;
  return { ...request, payload: JSON.stringify({ ...body, commandId: id }) };
}

/** Signs of internals leaking into an answer: a stack trace, a source path, SQL or a driver's error. */
export const LEAK_PATTERNS = [
  /\bat [\w.<>]+ \(.*:\d+:\d+\)/,
  /node_modules\//,
  /\.ts:\d+/,
  /\b(select|insert into|update|delete from)\b.*\b(from|values|set|where)\b/i,
  /syntax error at or near/i,
  /violates (unique|foreign key|check|not-null) constraint/i,
  /\brelation "[^"]+"/,
  /invalid input syntax for/i,
  /unsupported Unicode escape sequence/i,
] as const;

export const leakIn = (body: string): RegExp | undefined => LEAK_PATTERNS.find((p) => p.test(body));
