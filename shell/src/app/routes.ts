import { isAdmin, type SessionUser } from '@verba/kit';

export const FRAGMENTS = ['reader', 'learn', 'practice', 'admin'] as const;
export type FragmentName = (typeof FRAGMENTS)[number];

export type ShellPage =
  | 'sign-in'
  | 'sign-up'
  | 'dashboard'
  | 'onboarding'
  | 'profile'
  | 'subscription'
  | 'not-found'
  | AccountPage;

/** Pages about an account that work signed in or not (links from emails land here). */
export type AccountPage = 'verify-email' | 'verify-result' | 'reset-password' | 'new-password' | 'reset-success' | 'dev-mailbox';

export type Resolved =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; page: ShellPage }
  | { kind: 'fragment'; name: FragmentName };

export const PATHS = {
  signIn: '/app/sign-in',
  signUp: '/app/sign-up',
  dashboard: '/app/dashboard',
  onboarding: '/app/onboarding',
  courses: '/app/courses',
  library: '/app/library',
  practice: '/app/practice-portal',
  admin: '/app/admin',
  profile: '/app/user-profile/user-info',
  subscription: '/app/user-profile/subscribe',
  verifyEmail: '/app/verify-email',
  verifyResult: '/app/verify-result',
  resetPassword: '/app/reset-password',
  newPassword: '/app/new-password',
  resetSuccess: '/app/reset-password/success',
  devMailbox: '/app/dev/mailbox',
} as const;

const ACCOUNT_PAGES: Record<string, AccountPage> = {
  [PATHS.verifyEmail]: 'verify-email',
  [PATHS.verifyResult]: 'verify-result',
  [PATHS.resetPassword]: 'reset-password',
  [PATHS.newPassword]: 'new-password',
  [PATHS.resetSuccess]: 'reset-success',
  [PATHS.devMailbox]: 'dev-mailbox',
};

/** `/app/library` and `/app/library/...`, not `/app/library-x`. */
const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

const FRAGMENT_ROUTES: ReadonlyArray<[string, FragmentName]> = [
  [PATHS.library, 'reader'],
  [PATHS.courses, 'learn'],
  [PATHS.practice, 'practice'],
  [PATHS.admin, 'admin'],
];

const PAGES: Record<string, ShellPage> = {
  [PATHS.dashboard]: 'dashboard',
  [PATHS.onboarding]: 'onboarding',
  [PATHS.profile]: 'profile',
  [PATHS.subscription]: 'subscription',
};

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
  if (!under(pathname, '/app')) return { kind: 'redirect', to: user ? PATHS.dashboard : PATHS.signIn };
  if (!user) return { kind: 'redirect', to: PATHS.signIn };
  if (pathname === '/app') return { kind: 'redirect', to: PATHS.dashboard };
  for (const [base, name] of FRAGMENT_ROUTES) {
    if (!under(pathname, base)) continue;
    if (name === 'admin' && !isAdmin(user)) return { kind: 'redirect', to: PATHS.dashboard };
    return { kind: 'fragment', name };
  }
  return { kind: 'page', page: PAGES[pathname] ?? 'not-found' };
}
