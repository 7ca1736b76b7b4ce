import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, PasswordInput, navigate } from '@verba/kit';
import { MESSAGES } from '@verba/contracts';
import { PATHS } from '../routing/paths';
import { newPasswordSchema, type NewPasswordValues } from '../auth/schemas';
import { setNewPassword } from './account-api';
import { errorText } from '../auth/error-text';

/** From the emailed reset link: the new password, then the success page. */
export function NewPasswordPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), mode: 'onTouched' });
  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await setNewPassword(token, password);
      navigate(PATHS.resetSuccess, { replace: true });
    } catch (error) {
      setFormError(errorText(error, MESSAGES.resetPassword.updateError));
    }
  });
  return (
    <main className="sh-auth">
      <form className="sh-card" onSubmit={onSubmit} noValidate aria-labelledby="new-password-title">
        <h1 id="new-password-title">Choose a new password</h1>
        {formError ? (
          <p className="sh-form-error" role="alert">
            {formError} <Link href={PATHS.resetPassword}>Request a new link</Link>
          </p>
        ) : null}
        <PasswordInput
          label="New password"
          required
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" disabled={formState.isSubmitting} className="sh-auth__submit">
          {formState.isSubmitting ? 'Please wait…' : 'Save new password'}
        </Button>
      </form>
    </main>
  );
}

export function ResetSuccessPage() {
  return (
    <main className="sh-auth">
      <section className="sh-card" aria-labelledby="reset-success-title">
        <h1 id="reset-success-title">Password updated</h1>
        <p role="status">{MESSAGES.resetPassword.success}</p>
        <p className="sh-auth__switch">
          <Link href={PATHS.signIn}>Sign in</Link>
        </p>
      </section>
    </main>
  );
}
