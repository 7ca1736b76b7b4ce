import { useEffect } from 'react';
import { DEFAULT_TIME_ZONE } from '@verba/contracts';
import { useSaveSettings, type Profile } from './profile-api';

/** The zone this browser runs in ("Europe/Berlin"), or undefined where the browser does not say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The zones the profile offers: every IANA zone the browser knows, UTC and the learner's own among them. */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, DEFAULT_TIME_ZONE, current])].sort((a, b) => a.localeCompare(b));
}

/** Learners whose zone this page is saving now (the dashboard's badge and figures both ask). */
const saving = new Set<string>();

/**
 * Saves the browser's time zone as the learner's when they have none yet (accounts made before the setting,
 * and every new one): the profile page and the dashboard, where a learner lands after sign-up and onboarding,
 * ask for it. The write's position makes the figures read again, now in the learner's days. A zone the server
 * refuses leaves UTC; the profile's "Time zone" select changes it at any time.
 */
export function useTimeZoneFromBrowser(data: Profile | undefined): void {
  const { mutate } = useSaveSettings();
  useEffect(() => {
    if (!data || data.settings.timeZone || saving.has(data.uid)) return;
    const zone = browserTimeZone();
    if (!zone) return;
    saving.add(data.uid);
    mutate({ body: { timeZone: zone } }, { onError: () => saving.delete(data.uid) });
  }, [data, mutate]);
}
