import { lazy, Suspense } from 'react';
import { Spinner } from '@verba/kit';

// The sign-in/sign-up form (react-hook-form + zod/mini, about 19 KiB gzip with its chunk) is its own
// chunk: signed-in pages never fetch it. Start-up awaits it for a guest bound for these pages
// (bootstrap.tsx), so their first render shows the form, not a spinner.
type AuthModule = typeof import('../auth/AuthForm');
let loaded: AuthModule | undefined;
let loading: Promise<AuthModule> | undefined;

export const preloadAuthForm = (): Promise<AuthModule> =>
  (loading ??= import('../auth/AuthForm').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined; // a failed chunk may be fetched again
      throw error;
    },
  ));

const LazyAuthForm = lazy(() => preloadAuthForm().then((m) => ({ default: m.AuthForm })));

export function AuthArea({ mode }: { mode: 'sign-in' | 'sign-up' }) {
  if (loaded) return <loaded.AuthForm mode={mode} />;
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <LazyAuthForm mode={mode} />
    </Suspense>
  );
}
