import { CSRF_COOKIE, callRef, ApiError, navigate, readCookie, session, toast, type SessionUser } from '@verba/kit';
import { MESSAGES } from '@verba/contracts';
import { firstLoadRoutes as routes } from '@verba/contracts/http';
import { PATHS } from '../routing/paths';
import { forgetOfflineData } from '../offline/register';

// These calls run on the sign-in page and at start-up, so they call the routes by reference (callRef),
// unparsed: the contract route schemas (classic zod) would add ~25 KiB gzip to the shell's first load.

/** Who is signed in? A 401 here just means "nobody", not an expired session. */
export async function fetchCurrentUser(): Promise<SessionUser | null> {
  // Every session comes with its readable CSRF cookie (set at sign-in, cleared at sign-out, lasting as long as
  // the session can). Without one nobody is signed in: asking would only log a failed request in a guest's console.
  if (!readCookie(CSRF_COOKIE)) return null;
  try {
    return asUser(await callRef(routes.getUser, { expireOn401: false }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Signs in and goes on to onboarding or the dashboard; errors carry the server's message. */
export async function signIn(email: string, password: string): Promise<void> {
  // 401 here is "wrong password", shown in the form, not an expired session.
  const result = (await callRef(routes.signIn, { body: { email, password }, expireOn401: false }).catch((error: unknown) => {
    // An unverified address: the server has sent a new link; the page says where to look.
    if (error instanceof ApiError && (error.body as { code?: unknown } | undefined)?.code === 'email-not-verified') {
      navigate(verifyEmailPath(email), { replace: true });
      return { redirected: true };
    }
    throw error;
  })) as {
    redirected?: boolean;
    showMainOnboarding?: unknown;
    user?: unknown;
  };
  if (result.redirected) return;
  session.setUser(asUser(result.user));
  navigate(result.showMainOnboarding === true ? PATHS.onboarding : PATHS.dashboard, { replace: true });
}

/** Registers; the verification email is on its way, so the next stop is the page that says so. */
export async function signUp(email: string, password: string): Promise<void> {
  await callRef(routes.signUp, { body: { email, password }, expireOn401: false });
  navigate(verifyEmailPath(email), { replace: true });
}

export const verifyEmailPath = (email: string) => `${PATHS.verifyEmail}?email=${encodeURIComponent(email)}`;

export async function signOut(): Promise<void> {
  try {
    await callRef(routes.signOut, { expireOn401: false });
  } catch (error) {
    // A 401 means the session had already ended: signed out either way.
    if (!(error instanceof ApiError && error.status === 401)) {
      toast({ title: MESSAGES.other.signOutError, variant: 'destructive' });
    }
  }
  // What was kept for reading offline goes too, before anyone else can sign in here.
  await forgetOfflineData().catch(() => undefined);
  session.signedOut(); // the query cache clears itself when the user changes
  navigate(PATHS.signIn, { replace: true });
}

/** The few fields the shell relies on, checked by hand (see above). */
function asUser(data: unknown): SessionUser {
  const user = data as Partial<SessionUser> | null;
  if (!user || typeof user.uid !== 'string' || typeof user.role !== 'string') {
    throw new ApiError(0, MESSAGES.other.unknownError, data);
  }
  return user as SessionUser;
}

/**
 * A brand-new social account lands with ?new=1: the registration event goes to Meta's Conversions API
 * through our server, and only with the visitor's consent (the server records nothing otherwise).
 */
export async function reportNewSocialAccount(consented: boolean): Promise<void> {
  const url = new URL(window.location.href);
  if (url.searchParams.get('new') !== '1') return;
  url.searchParams.delete('new');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  if (!consented) return;
  await callRef(routes.metaCapi, {
    body: { eventName: 'CompleteRegistration', analyticsConsent: true, sourceUrl: url.origin + url.pathname },
  }).catch(() => undefined);
}
