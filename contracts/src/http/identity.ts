import { z } from 'zod';
import { visibleName } from '../domain/names';
import { LearningLanguageSchema } from '../domain/languages';
import { LevelSchema } from '../domain/levels';
import { MESSAGES } from '../domain/messages';
import { SubscriptionSchema } from '../domain/subscriptions';
import { PositionSchema, defineRoute, OkSchema } from './route';

export const RoleSchema = z.enum(['User', 'Admin', 'Owner']);
export type Role = z.infer<typeof RoleSchema>;
export const isAdminRole = (role: Role) => role === 'Admin' || role === 'Owner';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const EmailSchema = z
  .string()
  .trim()
  .max(254, MESSAGES.registration.invalidEmail)
  .pipe(z.email({ message: MESSAGES.registration.invalidEmail }));

/** Long enough, not absurdly long, and more than one distinct character. */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, MESSAGES.registration.weakPassword)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.registration.weakPassword)
  .refine((p) => new Set(p).size >= 4, MESSAGES.registration.weakPassword);

export const DisplayNameSchema = visibleName().min(1, 'Name is required').max(80, 'Maximum 80 letters are allowed');

export const UserViewSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  subscription: SubscriptionSchema,
  currentLearningLanguage: LearningLanguageSchema.nullable(),
  learnedLanguages: z.array(LearningLanguageSchema),
  languageLevels: z.partialRecord(LearningLanguageSchema, LevelSchema),
  creationDateStamp: z.number().int(),
  showMainOnboarding: z.boolean(),
  /** False until an email/password account follows its verification link. */
  emailVerified: z.boolean(),
});
export type UserView = z.infer<typeof UserViewSchema>;

export const signUp = defineRoute({
  method: 'POST',
  path: '/api/sign-up',
  access: 'public',
  summary: 'Register with email and password',
  body: z.object({ email: EmailSchema, password: NewPasswordSchema, name: DisplayNameSchema.optional() }),
  response: z.object({ user: UserViewSchema, position: PositionSchema }),
  status: 201,
});

export const signIn = defineRoute({
  method: 'POST',
  path: '/api/sign-in',
  access: 'public',
  summary: 'Sign in with email and password; sets the session cookies',
  description:
    'Failed sign-ins are throttled per account and client address (never per account alone, so nobody can lock ' +
    'an owner out): after 5 failures from one address, that address waits 1 s before its next try for the account, ' +
    'doubling with each further failure up to 15 minutes; 30 failures from one address across accounts make it ' +
    `wait for the rest of a 15-minute window. A throttled try answers 429 with "${MESSAGES.signIn.tooManyAttempts}" ` +
    "and a Retry-After header (seconds); the password is not checked. A success resets the address's count for the account.",
  body: z.object({ email: z.string().trim().max(254), password: z.string().max(PASSWORD_MAX_LENGTH) }),
  response: z.object({ showMainOnboarding: z.boolean(), user: UserViewSchema }),
});

export const signOut = defineRoute({
  method: 'POST',
  path: '/api/sign-out',
  access: 'user',
  summary: 'End this session',
  response: OkSchema,
});

export const getUser = defineRoute({
  method: 'GET',
  path: '/api/user',
  access: 'user',
  summary: 'The signed-in user',
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: UserViewSchema,
});

export const patchUser = defineRoute({
  method: 'PATCH',
  path: '/api/user',
  access: 'user',
  summary: 'Update the signed-in user',
  body: z
    .object({ name: DisplayNameSchema.optional(), currentLearningLanguage: LearningLanguageSchema.optional() })
    .refine((b) => Object.keys(b).length > 0, 'Nothing to update'),
  response: z.object({ user: UserViewSchema, position: PositionSchema.optional() }),
});

export const deleteUser = defineRoute({
  method: 'DELETE',
  path: '/api/user',
  access: 'user',
  summary: 'Delete the signed-in account and erase its personal data',
  response: z.object({ position: PositionSchema }),
});

const Token = z.string().trim().min(1, 'This link is invalid. Please request a new one.').max(2000);

export const verifyEmail = defineRoute({
  method: 'POST',
  path: '/api/verify-email',
  access: 'public',
  summary: 'Verify an email address with the emailed link (single use, expires after 24 hours)',
  body: z.object({ token: Token }),
  response: z.object({ ok: z.literal(true), position: PositionSchema }),
});

/** Verification links one address (and so its account) may ask for again in a window, counted whether or not it has an account. */
export const VERIFY_RESEND_LIMIT = { perAddress: 3, windowMs: 15 * 60 * 1000 } as const;
export const VERIFY_RESEND_TOO_MANY =
  'You have asked for several verification emails in a short time. Please wait 15 minutes and try again.';

export const resendVerification = defineRoute({
  method: 'POST',
  path: '/api/verify-email/resend',
  access: 'public',
  summary: 'Send a new verification link (the same answer whether or not the address has an account)',
  description: `At most ${VERIFY_RESEND_LIMIT.perAddress} requests per address in 15 minutes; then 429 with Retry-After.`,
  body: z.object({ email: z.string().trim().max(254) }),
  response: OkSchema,
  errors: { 429: VERIFY_RESEND_TOO_MANY },
});

export const requestPasswordReset = defineRoute({
  method: 'POST',
  path: '/api/reset-password',
  access: 'public',
  summary: 'Email a password reset link (single use, expires after 1 hour)',
  body: z.object({ email: EmailSchema }),
  response: OkSchema,
});

export const setNewPassword = defineRoute({
  method: 'POST',
  path: '/api/new-password',
  access: 'public',
  summary: 'Set a new password from a reset link; every session of the account ends',
  body: z.object({ token: Token, password: NewPasswordSchema }),
  response: z.object({ message: z.string() }),
});

export const changePassword = defineRoute({
  method: 'POST',
  path: '/api/user/change-password',
  access: 'user',
  summary: 'Change the password (email/password accounts); other sessions end, this one is renewed',
  description:
    'A wrong current password counts as a failed sign-in of the account from this address (see POST /api/sign-in): the same waits, 429 and Retry-After.',
  unauthenticated: MESSAGES.changePassword.notAuthenticated,
  body: z.object({ currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), newPassword: NewPasswordSchema }),
  response: z.object({ message: z.string() }),
  errors: { 429: MESSAGES.signIn.tooManyAttempts },
});

/** Sign-in of an email/password account whose address is not verified (spec §4: a new link is sent). */
export const EMAIL_NOT_VERIFIED = 'Please verify your email address first. We have sent you a new verification link.';

export const DevMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});

/** The dev mailbox answers only for one address. */
export const DEV_MAILBOX_TO_REQUIRED = 'Give the address whose mail to show (?to=)';

export const devMailbox = defineRoute({
  method: 'GET',
  path: '/api/dev/mailbox',
  access: 'public',
  summary: 'Development only: the mail the app would have sent (no SMTP configured)',
  // Only one address's mail: the mailbox holds reset links, and listing everyone's would hand them out.
  query: z.object({ to: z.string({ message: DEV_MAILBOX_TO_REQUIRED }).trim().min(1, DEV_MAILBOX_TO_REQUIRED).max(254) }),
  response: z.object({ messages: z.array(DevMailSchema) }),
});

export const identityRoutes = {
  signUp,
  signIn,
  signOut,
  getUser,
  patchUser,
  deleteUser,
  verifyEmail,
  resendVerification,
  requestPasswordReset,
  setNewPassword,
  changePassword,
  devMailbox,
};
