import type { z } from 'zod';
import { MESSAGES } from './domain/messages';
import type { RouteDef } from './http/route';

/**
 * A typed fetch client built from the contracts' route table: the browser calls a route by its
 * definition, with the same schemas the server validates against, and gets the parsed response.
 */
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

export interface RawInput {
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  expireOn401?: boolean;
}

export type CallInput<D extends RouteDef> = {
  params?: In<D['params']>;
  query?: In<D['query']>;
  body?: In<D['body']>;
  signal?: AbortSignal;
  /** false where a 401 is an expected answer (sign-in, "who am I?"), not an expired session. */
  expireOn401?: boolean;
};

export interface ClientOptions {
  /** Prefix for the routes' paths (the API's origin); '' for same-origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The CSRF token writes must echo (the `verba_csrf` cookie in the browser). */
  csrfToken?: () => string | undefined;
  /** Called on any 401: the app marks the session expired (spec: a 401 on any call). */
  onUnauthorized?: () => void;
  /** Parse responses with the route's schema (default true). */
  parseResponses?: boolean;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Fills `:name` segments; every value is URL-encoded, and a missing one is a programming error. */
export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function buildQuery(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Spec §8: a server error is read as a string or a message field, else "An unknown error occurred". */
export function errorMessage(body: unknown): string {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (body && typeof body === 'object') {
    const { message, detail } = body as { message?: unknown; detail?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof detail === 'string' && detail) return detail;
  }
  return MESSAGES.other.unknownError;
}

export function createClient(options: ClientOptions = {}) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const parse = options.parseResponses ?? true;

  /** One request; the body of a 2xx answer is returned unparsed. */
  async function send(method: RouteDef['method'], path: string, input: RawInput = {}): Promise<unknown> {
    const url = `${options.baseUrl ?? ''}${path}${buildQuery(input.query)}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    const csrf = WRITES.has(method) ? options.csrfToken?.() : undefined;
    if (csrf) headers['x-verba-csrf'] = csrf;

    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers,
        credentials: 'include',
        ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
        ...(input.signal ? { signal: input.signal } : {}),
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR, undefined);
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text (errors may be plain strings)
    }
    if (!res.ok) {
      if (res.status === 401 && input.expireOn401 !== false) options.onUnauthorized?.();
      throw new ApiError(res.status, errorMessage(body), body);
    }
    return body;
  }

  return {
    /** Calls a contract route: path parameters filled in, the response parsed with its schema. */
    async call<D extends RouteDef>(route: D, input: CallInput<D> = {}): Promise<z.output<D['response']>> {
      const body = await send(route.method, buildPath(route.path, input.params as Record<string, unknown>), {
        query: input.query as Record<string, unknown>,
        body: input.body,
        signal: input.signal,
        expireOn401: input.expireOn401,
      });
      return (parse ? route.response.parse(body) : body) as z.output<D['response']>;
    },
    /**
     * The same request without a route definition, for code that must stay free of the route schemas
     * (the shell's sign-in page, where classic zod would cost ~25 KiB gzip). The caller checks the body.
     */
    send,
  };
}

export type ApiClient = ReturnType<typeof createClient>;
