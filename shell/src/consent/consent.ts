import { useSyncExternalStore } from 'react';

/** localStorage `cookieConsent`: 'accepted' | 'declined'; absent until the banner is answered. */
export type Consent = 'accepted' | 'declined' | null;
const KEY = 'cookieConsent';
const listeners = new Set<() => void>();

export function getConsent(): Consent {
  const value = localStorage.getItem(KEY);
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function setConsent(value: 'accepted' | 'declined'): void {
  localStorage.setItem(KEY, value);
  for (const listener of listeners) listener();
}

export function useConsent(): Consent {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getConsent,
    getConsent,
  );
}
