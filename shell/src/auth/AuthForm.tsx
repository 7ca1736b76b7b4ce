import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Link, PasswordInput, TextField, useSession } from '@verba/kit';
import { MESSAGES, socialSignInErrorMessage } from '@verba/contracts';
import { socialStartPath } from '@verba/contracts/http';
import { getConsent } from '../consent/consent';
import type { SignInValues } from './schemas';
import { signInResolver } from './sign-in-rules';
import { signIn, signUp } from './auth-api';
import { errorText } from './error-text';
import { PATHS } from '../routing/paths';

const SOCIAL = [
  ['google', 'Google'],
  ['facebook', 'Facebook'],
  ['apple', 'Apple'],
] as const;

/** Sign-in and sign-up share one form: email + password, errors in place, server message on top. */
export function AuthForm({ mode }: { mode: 'sign-in' | 'sign-up' }) {
  const signingIn = mode === 'sign-in';
  const { sessionExpired } = useSession();
  const [formError, setFormError] = useState<string | null>(() => {
    // A social sign-in that failed comes back as ?error=<provider>&reason=...
    const query = new URLSearchParams(window.location.search);
    return query.has('error') ? socialSignInErrorMessage(query.get('error'), query.get('reason')) : null;
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: signInResolver(!signingIn),
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    if (getConsent() !== 'accepted') {
      setFormError(MESSAGES.other.acceptCookies);
      return;
    }
    try {
      await (signingIn ? signIn(email, password) : signUp(email, password));
    } catch (error) {
      setFormError(errorText(error, signingIn ? MESSAGES.signIn.emailError : MESSAGES.registration.emailError));
    }
  });

  return (
    <main className="sh-auth">
      <form className="sh-card" onSubmit={onSubmit} noValidate aria-labelledby="auth-title">
        <h1 id="auth-title">{signingIn ? 'Sign in to Verba' : 'Create your Verba account'}</h1>
        {sessionExpired && signingIn ? (
          <p className="sh-banner" role="status">
            Your session has expired. Please sign in again.
          </p>
        ) : null}
        {formError ? (
          <p className="sh-form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <PasswordInput
          label="Password"
          required
          autoComplete={signingIn ? 'current-password' : 'new-password'}
          error={errors.password?.message}
          {...register('password')}
        />
        {signingIn ? (
          <p className="sh-auth__forgot">
            <Link href={PATHS.resetPassword}>Forgot your password?</Link>
          </p>
        ) : null}
        <Button type="submit" disabled={isSubmitting} className="sh-auth__submit">
          {isSubmitting ? 'Please wait…' : signingIn ? 'Sign in' : 'Sign up'}
        </Button>
        <div className="sh-auth__social" role="group" aria-label="Other ways to sign in">
          {SOCIAL.map(([provider, label]) => (
            <Button
              key={provider}
              variant="secondary"
              onClick={() => {
                // The provider's page replaces this one (no popup, so there is no closed popup to handle).
                if (getConsent() !== 'accepted') return setFormError(MESSAGES.other.acceptCookies);
                window.location.assign(socialStartPath(provider));
              }}
            >
              Continue with {label}
            </Button>
          ))}
        </div>
        <p className="sh-auth__switch">
          {signingIn ? 'New to Verba? ' : 'Already have an account? '}
          <Link href={signingIn ? PATHS.signUp : PATHS.signIn}>{signingIn ? 'Create an account' : 'Sign in'}</Link>
        </p>
      </form>
    </main>
  );
}
