// zod/mini: tree-shakes to a few KiB, where classic zod (and the contract schemas built on it)
// would add ~25 KiB gzip to the shell's initial bundle. Rules mirror contracts' EmailSchema and
// NewPasswordSchema (identity.ts); the server re-checks them.
import * as z from 'zod/mini';
import { MESSAGES } from '@verba/contracts';

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

const email = z.email({ error: MESSAGES.registration.invalidEmail }).check(z.maxLength(254, MESSAGES.registration.invalidEmail));

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, MESSAGES.form.required)),
});
export type SignInValues = z.infer<typeof signInSchema>;

const newPassword = z.string().check(
  z.minLength(PASSWORD_MIN_LENGTH, MESSAGES.registration.weakPassword),
  z.maxLength(PASSWORD_MAX_LENGTH, MESSAGES.registration.weakPassword),
  z.refine((p: string) => new Set(p).size >= 4, MESSAGES.registration.weakPassword),
);

export const signUpSchema = z.object({ email, password: newPassword });

export const emailOnlySchema = z.object({ email });
export type EmailOnlyValues = z.infer<typeof emailOnlySchema>;

export const newPasswordSchema = z.object({ password: newPassword });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
