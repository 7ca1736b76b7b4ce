import { lazy, Suspense, useState } from 'react';
import { Link, isAdmin, useSession, type SessionUser } from '@verba/kit';
import { OfflineStatus } from '../offline/OfflineStatus';
import { PATHS } from '../routing/paths';
import { useTheme } from './theme';

// Radix's menu with its layers (dismiss, focus scope, popper, floating-ui) is about 35 KiB gzip, and a
// closed menu needs none of it: a plain button stands in until the pointer or focus comes to it.
const loadProfileMenu = () => import('./ProfileMenu');
const ProfileMenu = lazy(() => loadProfileMenu().then((m) => ({ default: m.ProfileMenu })));
const preloadProfileMenu = () => void loadProfileMenu().catch(() => undefined);

function AccountMenu({ user }: { user: SessionUser }) {
  const [used, setUsed] = useState(false);
  const trigger = (
    <button
      type="button"
      className="sh-avatar"
      aria-label={`Account menu for ${user.name || user.email}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadProfileMenu}
      onFocus={preloadProfileMenu}
      onClick={() => setUsed(true)}
    >
      {(user.name || user.email).charAt(0).toUpperCase()}
    </button>
  );
  if (!used) return trigger;
  // The first click (or Enter/Space) opens the real menu as it mounts.
  return (
    <Suspense fallback={trigger}>
      <ProfileMenu user={user} defaultOpen />
    </Suspense>
  );
}

const NAV = [
  { label: 'Start', href: PATHS.dashboard },
  { label: 'Learn', href: PATHS.courses },
  { label: 'Read', href: PATHS.library },
  { label: 'Practice', href: PATHS.practice },
];

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** The app's sections; on a phone they fold into a menu that the Menu button opens below the header bar. */
function MainNav({ user, pathname }: { user: SessionUser; pathname: string }) {
  // Open on the page it was opened on: a chosen section (another path) closes the menu.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  return (
    <>
      <button
        type="button"
        className="sh-menu-toggle"
        aria-expanded={open}
        aria-controls="sh-main-nav"
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span> Menu
      </button>
      <nav
        id="sh-main-nav"
        aria-label="Main"
        className={`sh-nav${open ? ' sh-nav--open' : ''}`}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      >
        {(isAdmin(user) ? [...NAV, { label: 'Admin', href: PATHS.admin }] : NAV).map((item) => (
          <Link key={item.href} href={item.href} className="sh-nav__link" aria-current={under(pathname, item.href) ? 'page' : undefined}>
            {item.label}
          </Link>
        ))}
      </nav>
    </>
  );
}

export function Header({ pathname }: { pathname: string }) {
  const { user } = useSession();
  const [theme, toggleTheme] = useTheme();
  // Onboarding asks a few questions before the app is set up: only the brand and the account menu.
  const sections = user && !under(pathname, PATHS.onboarding);
  return (
    <header className="sh-header">
      <Link href={user ? PATHS.dashboard : PATHS.landing} className="sh-brand">
        Verba
      </Link>
      {sections ? <MainNav user={user} pathname={pathname} /> : <span className="sh-nav" />}
      <div className="sh-header__end">
        {user ? <OfflineStatus /> : null}
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
          <AccountMenu user={user} />
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
