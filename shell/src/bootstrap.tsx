import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { session } from '@verba/kit';
import { App } from './app/App';
import { preloadPublicPages } from './app/PublicArea';
import { publicPageAt } from './routing/paths';
import { fetchCurrentUser, reportNewSocialAccount } from './auth/auth-api';
import { getConsent } from './consent/consent';
import { startFragments } from './federation/fragments';
import { applyOverrides, fetchRegistry, type Registry } from './federation/registry';
import './styles/shell.css';

async function boot(): Promise<void> {
  const [registry, user] = await Promise.all([
    fetchRegistry().catch((error: Error): Registry => {
      // Without a registry every fragment area says so; the shell's own pages still work.
      console.error('[verba]', error);
      return {};
    }),
    fetchCurrentUser().catch(() => null),
    // A prerendered public page is on screen: load its component first so mounting swaps like for like.
    publicPageAt(window.location.pathname.replace(/(.)\/+$/, '$1')) ? preloadPublicPages().catch(() => undefined) : undefined,
  ]);
  session.setUser(user);
  if (user) void reportNewSocialAccount(getConsent() === 'accepted');
  startFragments(applyOverrides(registry));
  // start() patches history first, so the App's first redirect already notifies single-spa and
  // every usePathname(); its reroute is asynchronous, and the synchronous render below commits the
  // fragment containers before any fragment can mount.
  start({ urlRerouteOnly: true });
  const root = createRoot(document.getElementById('root') as HTMLElement);
flushSync(() => root.render(<App />));
}

void boot();
