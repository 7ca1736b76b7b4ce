import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, TextField } from '@verba/kit';
import { MESSAGES } from '@verba/contracts';
import { PATHS } from '../routing/paths';
import { emailOnlySchema, type EmailOnlyValues } from '../auth/schemas';
import { requestPasswordReset } from './account-api';
import { errorText } from '../auth/error-text';

/** "Forgot your password?": asks for the address and sends the reset link. */
export function ResetPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<EmailOnlyValues>({ resolver: zodResolver(emailOnlySchema), mode: 'onTouched' });
  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setFormError(errorText(error, MESSAGES.resetPassword.resetError));
    }
  });
  return (
    <main className="sh-auth">
      <form className="sh-card" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title">Reset your password</h1>
        {sentTo ? (
          <p role="status">
            We have sent a link to <strong>{sentTo}</strong>. Open it within an hour to choose a new password.
          </p>
        ) : (
          <>
            <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
            {formError ? (
              <p className="sh-form-error" role="alert">
                {formError}
              </p>
            ) : null}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" disabled={formState.isSubmitting} className="sh-auth__submit">
              {formState.isSubmitting ? 'Please wait…' : 'Send reset link'}
            </Button>
          </>
        )}
        <p className="sh-auth__switch">
          <Link href={PATHS.signIn}>Back to sign in</Link>
        </p>
      </form>
    </main>
  );
}
