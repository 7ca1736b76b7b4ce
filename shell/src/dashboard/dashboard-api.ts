import { useRouteQuery } from '@verba/kit/query';
import { dashboardFigures } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { useProfile } from '../profile/profile-api';
import { useTimeZoneFromBrowser } from '../profile/time-zone';

/**
 * The learner's figures, read after this tab's writes (a word marked just before opening the dashboard counts).
 * Their days are the learner's own: the dashboard, where a learner lands after sign-up and onboarding, saves
 * the browser's time zone when they have none yet, and the figures are read again in it after that write.
 */
export function useDashboardFigures(languageCode: string) {
  useTimeZoneFromBrowser(useProfile().data);
  // The session's language, as the server keeps it; the server checks it again.
  return useRouteQuery(dashboardFigures, { query: { languageCode: languageCode as LearningLanguage } });
}
