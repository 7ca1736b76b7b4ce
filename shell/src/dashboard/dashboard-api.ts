import { useRouteQuery } from '@verba/kit/query';
import { dashboardFigures } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** The learner's figures, read after this tab's writes (a word marked just before opening the dashboard counts). */
export const useDashboardFigures = (languageCode: string) =>
  // The session's language, as the server keeps it; the server checks it again.
  useRouteQuery(dashboardFigures, { query: { languageCode: languageCode as LearningLanguage } });
