import { useEffect } from 'react';
import { navigate, session, toast } from '@verba/kit';
import { PATHS } from '../routing/paths';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** The kit flags the first 401; the shell tells the user once and sends them to sign in. */
export function useSessionExpiryNotice(): void {
  useEffect(() => {
    let wasExpired = session.get().sessionExpired;
    return session.subscribe((state) => {
      if (state.sessionExpired && !wasExpired) {
        toast({ title: SESSION_EXPIRED_MESSAGE, variant: 'destructive' });
        navigate(PATHS.signIn, { replace: true });
      }
      wasExpired = state.sessionExpired;
    });
  }, []);
}
