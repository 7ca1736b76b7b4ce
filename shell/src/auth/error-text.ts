import { ApiError } from '@verba/kit';

/**
 * What a form shows for a failed call: the server's own words for a refusal (4xx: "Incorrect email or
 * password" ...), and the spec's per-form text when the server or the network failed (5xx, offline).
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}
