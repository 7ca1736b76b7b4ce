import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { MESSAGES } from '@verba/contracts';
import type { SignInValues } from './schemas';

// The sign-in page checks its form without zod: the shell's other pages parse with the contracts'
// classic zod, whose core then outweighs zod/mini (22 KiB gzip on the shell's first load, 150 KiB budget).
// The same rules as schemas.ts (zod's email pattern, contracts' EmailSchema and NewPasswordSchema); the
// server re-checks them.

/** zod's email pattern (zod/v4/core regexes.email), as z.email() checks it. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254;
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

const emailError = (email: string) => (EMAIL.test(email) && email.length <= EMAIL_MAX_LENGTH ? null : MESSAGES.registration.invalidEmail);

const signInPasswordError = (password: string) => (password.length >= 1 ? null : MESSAGES.form.required);

const newPasswordError = (password: string) =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && new Set(password).size >= 4
    ? null
    : MESSAGES.registration.weakPassword;

/** react-hook-form's resolver for signing in (or up, with the new-password rules), each field's first error. */
export const signInResolver =
  (signingUp: boolean): Resolver<SignInValues> =>
  async (values) => {
    const email = typeof values.email === 'string' ? values.email : '';
    const password = typeof values.password === 'string' ? values.password : '';
    const found = { email: emailError(email), password: signingUp ? newPasswordError(password) : signInPasswordError(password) };
    const errors: FieldErrors<SignInValues> = {};
    for (const [field, message] of Object.entries(found) as [keyof SignInValues, string | null][]) {
      if (message) errors[field] = { type: 'validation', message };
    }
    const result: ResolverResult<SignInValues> = Object.keys(errors).length
      ? { values: {}, errors }
      : { values: { email, password }, errors: {} };
    return result;
  };
