import { lazy, Suspense } from 'react';
import { Link, useSession } from '@verba/kit';
import { PATHS } from '../routing/paths';
import { useTheme } from './theme';

// Radix's menu is ~25 KiB gzip and only signed-in pages need it: keep it out of the first load.
const ProfileMenu = lazy(() => import('./ProfileMenu').then((m) => ({ default: m.ProfileMenu })));

const NAV = [
  { label: 'Start', href: PATHS.dashboard },
  { label: 'Learn', href: PATHS.courses },
  { label: 'Read', href: PATHS.library },
  { label: 'Practice', href: PATHS.practice },
];

export function Header({ pathname }: { pathname: string }) {
  const { user } = useSession();
  const [theme, toggleTheme] = useTheme();
  return (
    <header className="sh-header">
      <Link href={user ? PATHS.dashboard : PATHS.landing} className="sh-brand">
        Verba
      </Link>
      {user ? (
        <nav aria-label="Main" className="sh-nav">
          {NAV.map((item) => {
            const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
            return (
              <Link key={item.href} href={item.href} className="sh-nav__link" aria-current={active ? 'page' : undefined}>
                {item.label}
              </Link>
            );
          })}
        </nav>
      ) : (
        <span className="sh-nav" />
      )}
      <div className="sh-header__end">
        <button
          type="button"
          className="sh-theme"
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          title={theme === 'dark' ? 'Light theme' : 'Dark theme'}
        >
          {theme === 'dark' ? '☀' : '☾'}
        </button>
        {user ? (
          <Suspense
            fallback={
              <span className="sh-avatar" aria-hidden="true">
                {(user.name || user.email).charAt(0).toUpperCase()}
              </span>
            }
          >
            <ProfileMenu user={user} />
          </Suspense>
        ) : (
          <>
            {pathname !== PATHS.signIn ? (
              <Link href={PATHS.signIn} className="sh-nav__link">
                Sign in
              </Link>
            ) : null}
            {pathname !== PATHS.signUp ? (
              <Link href={PATHS.signUp} className="sh-nav__link">
                Sign up
              </Link>
            ) : null}
          </>
        )}
      </div>
    </header>
  );
}
