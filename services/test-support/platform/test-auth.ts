import { createHmac } from 'node:crypto';
import { RoleSchema, type Role } from '@verba/contracts';
import { CSRF_COOKIE } from '../../src/platform/http/routes';
import type { Module } from '../../src/platform/module';

/**
 * Stand-in for the identity context in tests of another context: the caller is whoever the
 * `verba_test_user` cookie names ("<userId>:<role>[:master]"). Keeps each context's tests inside its own walls.
 */
export const TEST_USER_COOKIE = 'verba_test_user';

const roles = new Map<string, Role>();
/** A stand-in user's one "session" has its own CSRF token, as identity's sessions do. */
const csrfTokenOf = (userId: string) => createHmac('sha256', 'verba test csrf').update(userId).digest('base64url');
const masters = new Set<string>();
const names = new Map<string, string>();

/** The display name identity would give this user (absent: an unknown or deleted account). */
export function nameTestUser(userId: string, name: string | undefined): void {
  if (name === undefined) names.delete(userId);
  else names.set(userId, name);
}

/** Identity's stand-in alone: beside billing, whose entitlements then say who is Master. */
export const testAuthBesideBilling: Module = {
  name: 'test-auth',
  provides: {
    authenticator: () => ({
      async authenticate(request) {
        const [id, role, subscription] = (request.cookies[TEST_USER_COOKIE] ?? '').split(':');
        const parsed = RoleSchema.safeParse(role);
        if (!id || !parsed.success) return undefined;
        roles.set(id, parsed.data);
        if (subscription === 'master') masters.add(id);
        else masters.delete(id);
        return { id, role: parsed.data, sessionId: 'test' };
      },
      async currentRole(userId) {
        return roles.get(userId);
      },
      csrfToken: (user) => csrfTokenOf(user.id),
    }),
    people: () => ({
      async displayNames(userIds) {
        return new Map(userIds.flatMap((id) => (names.has(id) ? [[id, names.get(id)!] as const] : [])));
      },
    }),
  },
};

/** Identity's and billing's stand-in: the cookie says the user's subscription (':master' or none). */
export const testAuthModule: Module = {
  ...testAuthBesideBilling,
  provides: {
    ...testAuthBesideBilling.provides,
    entitlements: () => ({
      subscriptionOf: async (userId) => (masters.has(userId) ? 'master' : 'free'),
      masterSources: async (userIds) =>
        new Map(userIds.filter((id) => masters.has(id)).map((id) => [id, { paid: true, manualGrant: false }])),
      masterUserIds: async () => [...masters],
    }),
  },
};

/** Cookies that make an Agent act as `userId` (with a CSRF token, as a signed-in browser has). */
export function testUserCookies(userId: string, role = 'User', subscription: 'free' | 'master' = 'free'): Record<string, string> {
  return { [TEST_USER_COOKIE]: `${userId}:${role}${subscription === 'master' ? ':master' : ''}`, [CSRF_COOKIE]: csrfTokenOf(userId) };
}
