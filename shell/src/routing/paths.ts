/**
 * The shell's ground floor: every path, page and fragment name, as plain data. Any shell folder may
 * import it, and it imports no shell folder (a lint rule keeps it so). The paths are spelled out: the
 * eager bundle must not import the contracts' language table (it carries zod).
 */
export const FRAGMENTS = ['reader', 'learn', 'practice', 'admin'] as const;
export type FragmentName = (typeof FRAGMENTS)[number];

export type ShellPage =
  'sign-in' | 'sign-up' | 'dashboard' | 'onboarding' | 'profile' | 'subscription' | 'blog' | 'forum' | 'not-found' | AccountPage;

/** Pages about an account that work signed in or not (links from emails land here). */
export type AccountPage = 'verify-email' | 'verify-result' | 'reset-password' | 'new-password' | 'reset-success' | 'dev-mailbox';

/** Pages anyone may open, signed in or not; each is prerendered to static HTML at build time (shell/scripts/prerender.mjs). */
export const PUBLIC_PAGES = {
  '/': 'landing',
  '/pricing': 'pricing',
  '/faq': 'faq',
  '/learn-german': 'learn-de',
  '/learn-french': 'learn-fr',
  '/learn-spanish': 'learn-es',
  '/learn-russian': 'learn-ru',
  '/app/terms-and-conditions': 'terms',
  '/app/privacy-policy': 'privacy',
  '/app/cookie-policy': 'cookies',
  '/app/support': 'support',
  '/app/support/contact-us': 'contact-us',
  '/blog': 'blog',
} as const;
export type PublicPath = keyof typeof PUBLIC_PAGES;
/** Every public page: the fixed ones, and a blog post at /blog/<slug> (prerendered for the posts known at build time). */
export type PublicPage = (typeof PUBLIC_PAGES)[PublicPath] | 'blog-post';

/** The slug of a public blog post's path, e.g. /blog/why-reading-first. */
export const blogSlugAt = (pathname: string): string | undefined => /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(pathname)?.[1];

export const publicPageAt = (pathname: string): PublicPage | undefined =>
  Object.hasOwn(PUBLIC_PAGES, pathname) ? PUBLIC_PAGES[pathname as PublicPath] : blogSlugAt(pathname) ? 'blog-post' : undefined;

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
  landing: '/',
  pricing: '/pricing',
  faq: '/faq',
  support: '/app/support',
  contactUs: '/app/support/contact-us',
  terms: '/app/terms-and-conditions',
  privacy: '/app/privacy-policy',
  cookies: '/app/cookie-policy',
  blog: '/blog',
  appBlog: '/app/blog',
  forum: '/app/forum',
} as const;

/** The account pages by path. */
export const ACCOUNT_PAGES: Record<string, AccountPage> = {
  [PATHS.verifyEmail]: 'verify-email',
  [PATHS.verifyResult]: 'verify-result',
  [PATHS.resetPassword]: 'reset-password',
  [PATHS.newPassword]: 'new-password',
  [PATHS.resetSuccess]: 'reset-success',
  [PATHS.devMailbox]: 'dev-mailbox',
};

/** Which fragment owns a path and everything under it. */
export const FRAGMENT_ROUTES: ReadonlyArray<[string, FragmentName]> = [
  [PATHS.library, 'reader'],
  // The library's authoring pages (spec §2) live in the reader fragment too.
  ['/app/add-article', 'reader'],
  ['/app/edit-article', 'reader'],
  ['/app/series', 'reader'],
  ['/app/create-series', 'reader'],
  ['/app/edit-series', 'reader'],
  // The learner's dictionary (words and the word-list import).
  ['/app/dictionary', 'reader'],
  // The learner's own articles (issue 21).
  ['/app/my-articles', 'reader'],
  [PATHS.courses, 'learn'],
  [PATHS.practice, 'practice'],
  [PATHS.admin, 'admin'],
];

/** The shell's own signed-in pages by path. */
export const PAGES: Record<string, ShellPage> = {
  [PATHS.dashboard]: 'dashboard',
  [PATHS.onboarding]: 'onboarding',
  [PATHS.profile]: 'profile',
  [PATHS.subscription]: 'subscription',
};
