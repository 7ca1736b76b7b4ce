import { session } from '../session/session-store';

/** An API failure with the server's user-facing message (problem+json `message`/`detail`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly problem?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Validate/shape the JSON (e.g. a contract schema's `parse`). */
  parse?: (data: unknown) => T;
  /** false for calls where 401 is an expected answer (sign-in, "who am I?" on start-up). */
  expireOn401?: boolean;
}

export const CSRF_COOKIE = 'verba_csrf';
export const CSRF_HEADER = 'x-verba-csrf';

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** fetch for /api/*: cookies, double-submit CSRF on writes, JSON both ways, problem+json errors. */
export async function api<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, signal, parse, expireOn401 = true } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Could not reach the server. Check your connection and try again.', 0);
  }
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && expireOn401) session.markExpired();
    const problem = (data && typeof data === 'object' ? data : undefined) as Record<string, unknown> | undefined;
    const message = String(problem?.message ?? problem?.detail ?? `Request failed (${response.status})`);
    throw new ApiError(message, response.status, problem);
  }
  return parse ? parse(data) : (data as T);
}
