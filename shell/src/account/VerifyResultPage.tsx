import { useEffect, useState } from 'react';
import { Link, Spinner } from '@verba/kit';
import { PATHS } from '../routing/paths';
import { verifyEmail } from './account-api';

type State = { status: 'checking' } | { status: 'verified' } | { status: 'failed'; message: string };

/** Where the emailed link lands: spends the token once and says how it went. */
export function VerifyResultPage() {
  const [state, setState] = useState<State>({ status: 'checking' });
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    verifyEmail(token).then(
      () => setState({ status: 'verified' }),
      (error: Error) => setState({ status: 'failed', message: error.message }),
    );
  }, []);
  return (
    <main className="sh-auth">
      <section className="sh-card" aria-labelledby="verify-result-title" aria-busy={state.status === 'checking'}>
        <h1 id="verify-result-title">{state.status === 'failed' ? 'This link did not work' : 'Email verification'}</h1>
        {state.status === 'checking' ? <Spinner label="Checking your link…" /> : null}
        {state.status === 'verified' ? <p role="status">Your email address is verified. You can sign in now.</p> : null}
        {state.status === 'failed' ? (
          <p className="sh-form-error" role="alert">
            {state.message}
          </p>
        ) : null}
        <p className="sh-auth__switch">
          <Link href={PATHS.signIn}>{state.status === 'failed' ? 'Sign in to get a new link' : 'Sign in'}</Link>
        </p>
      </section>
    </main>
  );
}
