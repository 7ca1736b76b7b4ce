import { z } from 'zod';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../domain/social-sign-in';
import { defineRoute } from './route';

export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/**
 * Social sign-in is a browser redirect flow, not a JSON call: the page (or a popup) opens the start
 * path; the provider comes back to the callback, which sets the session cookies and redirects to
 * /app/onboarding or /app/dashboard (`?new=1` for a new account), or to /app/sign-in?error=<provider>.
 */
export const socialStartPath = (provider: SocialProvider) => `/api/auth/${provider}/start` as const;
export const socialCallbackPath = (provider: SocialProvider) => `/api/auth/${provider}/callback` as const;

/** Marks the redirect of a brand-new social account, so the app can send the registration event. */
export const NEW_ACCOUNT_PARAM = 'new';

export const TRACKING_EVENTS = ['CompleteRegistration'] as const;

export const metaCapi = defineRoute({
  method: 'POST',
  path: '/api/meta/meta-capi',
  access: 'user',
  summary: "Send a tracking event to Meta's Conversions API; nothing is sent without analytics consent",
  body: z.object({
    eventName: z.enum(TRACKING_EVENTS),
    /** The analytics choice of the cookie consent the browser holds (storage key cookieConsent). */
    analyticsConsent: z.boolean(),
    sourceUrl: z.url().max(2048).optional(),
  }),
  response: z.object({ recorded: z.boolean() }),
});

export const socialRoutes = { metaCapi };
