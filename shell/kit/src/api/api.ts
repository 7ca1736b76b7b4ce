import { ApiError, createClient, type CallInput } from '@verba/contracts/client';
import type { RouteDef } from '@verba/contracts/http';
import { session } from '../session/session-store';
import { CSRF_COOKIE, readCookie } from './cookies';

export { ApiError, type CallInput };
export type { RouteDef };

/**
 * The one API client of the app: routes from @verba/contracts, responses parsed with their schemas,
 * the double-submit CSRF token on writes, and any unexpected 401 marks the session expired (once).
 */
export const client = createClient({
  csrfToken: () => readCookie(CSRF_COOKIE),
  onUnauthorized: () => {
    session.markExpired();
  },
});
