import { api, ApiError, navigate, session, toast, type SessionUser } from '@verba/kit';
import { MESSAGES } from '@verba/contracts';
import { PATHS } from '../app/routes';

interface SignInResponse {
  showMainOnboarding: boolean;
  user: SessionUser;
}

/** Who is signed in? A 401 here just means "nobody", not an expired session. */
export async function fetchCurrentUser(): Promise<SessionUser | null> {
  try {
    return await api<SessionUser>('/api/user', { expireOn401: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Signs in and goes on to onboarding or the dashboard; errors carry the server's message. */
export async function signIn(email: string, password: string): Promise<void> {
  const result = await api<SignInResponse>('/api/sign-in', {
    method: 'POST',
    body: { email, password },
    expireOn401: false, // 401 here is "wrong password", shown in the form
  });
  session.setUser(result.user);
  navigate(result.showMainOnboarding ? PATHS.onboarding : PATHS.dashboard, { replace: true });
}

export async function signUp(email: string, password: string): Promise<void> {
  await api('/api/sign-up', { method: 'POST', body: { email, password }, expireOn401: false });
  await signIn(email, password);
}

export async function signOut(): Promise<void> {
  try {
    await api('/api/sign-out', { method: 'POST', expireOn401: false });
  } catch (error) {
    // A 401 means the session had already ended: signed out either way.
    if (!(error instanceof ApiError && error.status === 401)) {
      toast({ title: MESSAGES.other.signOutError, variant: 'destructive' });
    }
  }
  session.signedOut();
  navigate(PATHS.signIn, { replace: true });
}
