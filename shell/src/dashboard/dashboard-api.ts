import { readRoute } from '@verba/kit';
import { dashboardFigures } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** The learner's figures, read after this tab's writes (a word marked just before opening the dashboard counts). */
export const fetchDashboardFigures = (languageCode: string) =>
  // The session's language, as the server keeps it; the server checks it again.
  readRoute(dashboardFigures, { query: { languageCode: languageCode as LearningLanguage } });
