import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { session } from '@verba/kit';
import { App } from './app/App';
import { preloadAuthForm } from './app/AuthArea';
import { preloadPublicPages } from './app/PublicArea';
import { PATHS, publicPageAt } from './routing/paths';
import { resolveRoute } from './routing/resolve-route';
import { fetchCurrentUser, reportNewSocialAccount } from './auth/auth-api';
import { getConsent } from './consent/consent';
import { startFragments } from './federation/fragments';
import { takeRegistry } from './federation/early';
import { applyOverrides, type Registry } from './federation/registry';
import { registerOfflineReading } from './offline/register';
import './styles/shell.css';

async function boot(): Promise<void> {
  const pathname = window.location.pathname;
  // What a guest sees here: the sign-in/sign-up form (its code is a chunk of its own), or the guard's redirect to it.
  const asGuest = resolveRoute(pathname, null);
  const onAuthPage = asGuest.kind === 'page' && (asGuest.page === 'sign-in' || asGuest.page === 'sign-up');
  const sentToSignIn = asGuest.kind === 'redirect' && asGuest.to === PATHS.signIn;
  const [registry, user] = await Promise.all([
    takeRegistry().catch((error: Error): Registry => {
      // Without a registry every fragment area says so; the shell's own pages still work.
      console.error('[verba]', error);
      return {};
    }),
    fetchCurrentUser().catch(() => null),
    // A prerendered public page is on screen: load its component first so mounting swaps like for like.
    publicPageAt(pathname.replace(/(.)\/+$/, '$1')) ? preloadPublicPages().catch(() => undefined) : undefined,
    // On the auth pages, fetch the form's code alongside the start-up calls.
    onAuthPage ? preloadAuthForm().catch(() => undefined) : undefined,
  ]);
  // A guest sent to sign in (e.g. from /app/library): the form's code before the first render, no spinner.
  if (!user && sentToSignIn) await preloadAuthForm().catch(() => undefined);
  session.setUser(user);
  if (user) void reportNewSocialAccount(getConsent() === 'accepted');
  startFragments(applyOverrides(registry));
  // start() patches history first, so the App's first redirect already notifies single-spa and
  // every usePathname(); its reroute is asynchronous, and the synchronous render below commits the
  // fragment containers before any fragment can mount.
  start({ urlRerouteOnly: true });
  const root = createRoot(document.getElementById('root') as HTMLElement);
  flushSync(() => root.render(<App />));
  registerOfflineReading();
}

void boot();
