import { useEffect } from 'react';
import type { recordTime } from '@verba/contracts/http';
import { sendCommand } from '../api/commands';

/** Seconds between heartbeats while the page is visible. */
export const TIME_HEARTBEAT_SECONDS = 60;
const MAX_SECONDS = 3600;

export interface TimeSpentOptions {
  /** The language the time counts for; omitted, the server uses the learner's current language. */
  languageCode?: string;
  /** Off while the page does not know its language yet. */
  enabled?: boolean;
  heartbeatSeconds?: number;
}

/**
 * Counts the seconds a learning page is visible and sends them with `PATCH /api/user/time` (spec §7):
 * a heartbeat every minute, and what is left when the tab is hidden or the page is left. Hidden time
 * never counts. The route is passed in so the kit stays free of the route schemas.
 */
export function useTimeSpent(
  route: typeof recordTime,
  { languageCode, enabled = true, heartbeatSeconds = TIME_HEARTBEAT_SECONDS }: TimeSpentOptions = {},
): void {
  useEffect(() => {
    if (!enabled) return;
    let visibleSince: number | null = document.visibilityState === 'visible' ? Date.now() : null;
    let pendingMs = 0;
    const collect = () => {
      if (visibleSince === null) return;
      const now = Date.now();
      pendingMs += now - visibleSince;
      visibleSince = now;
    };
    const flush = () => {
      collect();
      const seconds = Math.min(MAX_SECONDS, Math.floor(pendingMs / 1000));
      if (seconds < 1) return;
      pendingMs -= seconds * 1000;
      const body = { seconds, ...(languageCode ? { languageCode: languageCode as 'de' } : {}) };
      // Time is best effort: a lost heartbeat is a minute not counted, never an error shown to a reader.
      void sendCommand(route, { body }).catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') visibleSince = Date.now();
      else {
        flush();
        visibleSince = null;
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    const timer = setInterval(flush, heartbeatSeconds * 1000);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [route, languageCode, enabled, heartbeatSeconds]);
}
