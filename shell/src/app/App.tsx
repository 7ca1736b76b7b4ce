import { lazy, Suspense, useEffect } from 'react';
import { ErrorBoundary, Spinner, Toaster, navigate, usePathname, useSession } from '@verba/kit';
import { DashboardPage } from '../pages/DashboardPage';
import { NotFoundPage } from '../pages/PlaceholderPage';
import { AuthArea } from './AuthArea';
import { BannerArea } from './BannerArea';
import { CookieBanner } from './CookieBanner';
import { FragmentArea } from './FragmentArea';
import { Header } from './Header';
import { PublicArea } from './PublicArea';
import { FRAGMENTS, type AccountPage, type ShellPage } from '../routing/paths';
import { resolveRoute } from '../routing/resolve-route';
import { useSessionExpiryNotice } from './use-session-expiry';

// Pages visited rarely (account links, onboarding, profile): each is its own chunk, out of the first load.
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const VerifyEmailPage = named(() => import('../account/VerifyEmailPage'), 'VerifyEmailPage');
const VerifyResultPage = named(() => import('../account/VerifyResultPage'), 'VerifyResultPage');
const ResetPasswordPage = named(() => import('../account/ResetPasswordPage'), 'ResetPasswordPage');
const NewPasswordPage = named(() => import('../account/NewPasswordPage'), 'NewPasswordPage');
const ResetSuccessPage = named(() => import('../account/NewPasswordPage'), 'ResetSuccessPage');
const DevMailboxPage = named(() => import('../account/DevMailboxPage'), 'DevMailboxPage');
const OnboardingPage = named(() => import('../onboarding/OnboardingPage'), 'OnboardingPage');
const ProfilePage = named(() => import('../profile/ProfilePage'), 'ProfilePage');
const SubscribePage = named(() => import('../billing/SubscribePage'), 'SubscribePage');
const AppBlogPage = named(() => import('../blog/AppBlogPage'), 'AppBlogPage');
const ForumPage = named(() => import('../forum/ForumPage'), 'ForumPage');

const LAZY: Partial<Record<ShellPage, React.ComponentType>> & Record<AccountPage, React.ComponentType> = {
  onboarding: OnboardingPage,
  profile: ProfilePage,
  subscription: SubscribePage,
  blog: AppBlogPage,
  forum: ForumPage,
  'verify-email': VerifyEmailPage,
  'verify-result': VerifyResultPage,
  'reset-password': ResetPasswordPage,
  'new-password': NewPasswordPage,
  'reset-success': ResetSuccessPage,
  'dev-mailbox': DevMailboxPage,
};

function Page({ page }: { page: ShellPage }) {
  const Lazy = LAZY[page];
  if (Lazy) {
    return (
      <Suspense fallback={<Spinner label="Loading…" />}>
        <Lazy />
      </Suspense>
    );
  }
  switch (page) {
    case 'sign-in':
    case 'sign-up':
      return <AuthArea key={page} mode={page} />;
    case 'dashboard':
      return <DashboardPage />;
    default:
      return <NotFoundPage />;
  }
}

export function App() {
  const pathname = usePathname();
  const { user } = useSession();
  const route = resolveRoute(pathname, user);
  useSessionExpiryNotice();

  const redirectTo = route.kind === 'redirect' ? route.to : null;
  useEffect(() => {
    if (redirectTo !== null) navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  return (
    <>
      <a className="sh-skip" href="#main">
        Skip to content
      </a>
      <Header pathname={pathname} />
      <div id="main" className="sh-main" tabIndex={-1}>
        {user ? <BannerArea user={user} /> : null}
        {route.kind === 'public' ? <PublicArea page={route.page} path={pathname} /> : null}
        {route.kind === 'page' ? (
          <ErrorBoundary label="this page" key={route.page}>
            <Page page={route.page} />
          </ErrorBoundary>
        ) : null}
        {FRAGMENTS.map((name) => (
          <FragmentArea key={name} name={name} active={route.kind === 'fragment' && route.name === name} />
        ))}
      </div>
      <CookieBanner />
      <Toaster />
    </>
  );
}
