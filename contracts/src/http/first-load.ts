import type { getUser, signIn, signOut, signUp } from './identity';
import { routeRef } from './route-ref';
import type { metaCapi } from './social';

/**
 * The routes the shell calls on its first load (start-up, the sign-in page), as
 * schema-free references: their schemas would bring classic zod into the shell's initial bundle (150 KiB
 * gzip budget). Everything else calls the routes themselves.
 */
export const firstLoadRoutes = {
  getUser: routeRef<typeof getUser>('GET', '/api/user'),
  signIn: routeRef<typeof signIn>('POST', '/api/sign-in'),
  signUp: routeRef<typeof signUp>('POST', '/api/sign-up'),
  signOut: routeRef<typeof signOut>('POST', '/api/sign-out'),
  metaCapi: routeRef<typeof metaCapi>('POST', '/api/meta/meta-capi'),
};
