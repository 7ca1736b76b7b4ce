import { isAdmin, type SessionUser } from '@verba/kit';
import { ACCOUNT_PAGES, FRAGMENT_ROUTES, PAGES, PATHS, publicPageAt, type FragmentName, type PublicPage, type ShellPage } from './paths';

export type Resolved =
  | { kind: 'redirect'; to: string }
  | { kind: 'public'; page: PublicPage }
  | { kind: 'page'; page: ShellPage }
  | { kind: 'fragment'; name: FragmentName };

/** `/app/library` and `/app/library/...`, not `/app/library-x`. */
const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * Who sees what at a path: the single source for the shell's pages, its redirects (guards) and
 * single-spa's activity functions, so a guest or a non-admin never even loads a guarded fragment.
 */
export function resolveRoute(rawPathname: string, user: SessionUser | null): Resolved {
  const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/+$/, '') : rawPathname;
  if (pathname === PATHS.signIn || pathname === PATHS.signUp) {
    if (user) return { kind: 'redirect', to: PATHS.dashboard };
    return { kind: 'page', page: pathname === PATHS.signIn ? 'sign-in' : 'sign-up' };
  }
  const account = ACCOUNT_PAGES[pathname];
  if (account) return { kind: 'page', page: account };
  const publicPage = publicPageAt(pathname);
  // The landing page is for visitors; a signed-in user starts on the dashboard.
  if (publicPage && !(publicPage === 'landing' && user)) return { kind: 'public', page: publicPage };
  if (!under(pathname, '/app')) return { kind: 'redirect', to: user ? PATHS.dashboard : PATHS.landing };
  if (!user) return { kind: 'redirect', to: PATHS.signIn };
  if (pathname === '/app') return { kind: 'redirect', to: PATHS.dashboard };
  for (const [base, name] of FRAGMENT_ROUTES) {
    if (!under(pathname, base)) continue;
    if (name === 'admin' && !isAdmin(user)) return { kind: 'redirect', to: PATHS.dashboard };
    return { kind: 'fragment', name };
  }
  if (under(pathname, PATHS.onboarding)) return { kind: 'page', page: 'onboarding' };
  if (under(pathname, PATHS.appBlog)) return { kind: 'page', page: 'blog' };
  if (under(pathname, PATHS.forum)) return { kind: 'page', page: 'forum' };
  return { kind: 'page', page: PAGES[pathname] ?? 'not-found' };
}
