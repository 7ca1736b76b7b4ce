import { MESSAGES } from './messages';

/** The identity providers a learner can sign in with besides email and password. */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Why a social sign-in failed, as the callback tells the sign-in page (`?error=<provider>&reason=`). */
export const SOCIAL_SIGN_IN_REASONS = ['failed', 'email-in-use'] as const;
export type SocialSignInReason = (typeof SOCIAL_SIGN_IN_REASONS)[number];

const PROVIDER_ERRORS: Record<SocialProvider, string> = {
  google: MESSAGES.signIn.error,
  facebook: MESSAGES.signIn.facebookError,
  apple: MESSAGES.signIn.appleError,
};

/**
 * The text the sign-in page shows for `?error=<provider>&reason=<reason>`: the spec's per-provider text,
 * or, when the email belongs to an account the provider could not prove it owns, the email-in-use text.
 * Unknown values fall back to the general sign-in error.
 */
export function socialSignInErrorMessage(provider: string | null | undefined, reason?: string | null): string {
  if (reason === 'email-in-use') return MESSAGES.registration.emailInUse;
  return (SOCIAL_PROVIDERS as readonly string[]).includes(provider ?? '')
    ? PROVIDER_ERRORS[provider as SocialProvider]
    : MESSAGES.signIn.error;
}
