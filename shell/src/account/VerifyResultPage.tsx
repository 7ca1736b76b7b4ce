import { useEffect, useRef } from 'react';
import { Link, Spinner } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { PATHS } from '../routing/paths';
import { useVerifyEmail } from './account-api';

/** Where the emailed link lands: spends the token once and says how it went. */
export function VerifyResultPage() {
  return (
    <KitProviders>
      <VerifyResult />
    </KitProviders>
  );
}

function VerifyResult() {
  const verification = useVerifyEmail();
  const { verify } = verification;
  // The token is spent by the first request: StrictMode's second run of the effect must not send another
  // (its failure, "already used", would replace the success on screen).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify(new URLSearchParams(window.location.search).get('token') ?? '');
  }, [verify]);
  const failed = verification.isError ? verification.error.message : null;
  const checking = !verification.isSuccess && failed === null;
  return (
    <main className="sh-auth">
      <section className="sh-card" aria-labelledby="verify-result-title" aria-busy={checking}>
        <h1 id="verify-result-title">{failed !== null ? 'This link did not work' : 'Email verification'}</h1>
        {checking ? <Spinner label="Checking your link…" /> : null}
        {verification.isSuccess ? <p role="status">Your email address is verified. You can sign in now.</p> : null}
        {failed !== null ? (
          <p className="sh-form-error" role="alert">
            {failed}
          </p>
        ) : null}
        <p className="sh-auth__switch">
          <Link href={PATHS.signIn}>{failed !== null ? 'Sign in to get a new link' : 'Sign in'}</Link>
        </p>
      </section>
    </main>
  );
}
