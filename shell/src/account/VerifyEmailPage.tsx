import { useState } from 'react';
import { Button, Link, toast } from '@verba/kit';
import { PATHS } from '../routing/paths';
import { resendVerification } from './account-api';

/** After sign-up (or an unverified sign-in): where the link went, and a way to get a new one. */
export function VerifyEmailPage() {
  const email = new URLSearchParams(window.location.search).get('email') ?? '';
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await resendVerification(email);
      toast({ title: 'A new verification link is on its way.', variant: 'info' });
    } catch (error) {
      toast({ title: (error as Error).message, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };
  return (
    <main className="sh-auth">
      <section className="sh-card" aria-labelledby="verify-title">
        <h1 id="verify-title">Check your email</h1>
        <p>
          We have sent a verification link to {email ? <strong>{email}</strong> : 'your email address'}. Open it to confirm your address,
          then sign in. The link works once and expires in 24 hours.
        </p>
        {email ? (
          <Button type="button" variant="secondary" disabled={sending} onClick={() => void resend()}>
            {sending ? 'Sending…' : 'Send a new link'}
          </Button>
        ) : null}
        <p className="sh-auth__switch">
          <Link href={PATHS.signIn}>Back to sign in</Link>
          {process.env.NODE_ENV !== 'production' || window.location.hostname === '127.0.0.1' || window.location.hostname === 'localhost' ? (
            <>
              {' · '}
              <Link href={`${PATHS.devMailbox}${email ? `?to=${encodeURIComponent(email)}` : ''}`}>Open the dev mailbox</Link>
            </>
          ) : null}
        </p>
      </section>
    </main>
  );
}
