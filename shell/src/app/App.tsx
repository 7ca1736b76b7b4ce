import { useEffect } from 'react';
import { ErrorBoundary, Toaster, navigate, usePathname, useSession } from '@verba/kit';
import { AuthForm } from '../auth/AuthForm';
import { DashboardPage } from '../pages/DashboardPage';
import { NotFoundPage, PlaceholderPage } from '../pages/PlaceholderPage';
import { BannerArea } from './BannerArea';
import { CookieBanner } from './CookieBanner';
import { FragmentArea } from './FragmentArea';
import { Header } from './Header';
import { PublicArea } from './PublicArea';
import { FRAGMENTS, resolveRoute, type ShellPage } from './routes';
import { useSessionExpiryNotice } from './use-session-expiry';

function Page({ page }: { page: ShellPage }) {
  switch (page) {
    case 'sign-in':
    case 'sign-up':
      return <AuthForm key={page} mode={page} />;
    case 'dashboard':
      return <DashboardPage />;
    case 'onboarding':
      return <PlaceholderPage section="dashboard" title="Welcome to Verba" what="Onboarding" />;
    case 'profile':
      return <PlaceholderPage section="profile" title="Profile" what="Your profile page" />;
    case 'subscription':
      return <PlaceholderPage section="profile" title="Subscription" what="Subscription management" />;
    default:
      return <NotFoundPage />;
  }
}

export function App() {
  const pathname = usePathname();
  const { user } = useSession();
  const route = resolveRoute(pathname, user);
  useSessionExpiryNotice();

  useEffect(() => {
    if (route.kind === 'redirect') navigate(route.to, { replace: true });
  }, [route.kind, route.kind === 'redirect' ? route.to : null]);

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
