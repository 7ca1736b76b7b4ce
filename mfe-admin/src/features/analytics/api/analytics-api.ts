import { useRouteQuery, keepPrevious } from '@verba/kit/query';
import { historicalAnalyticsRoute, languageAnalyticsRoute, userAnalyticsRoute } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export interface Range {
  from: string;
  to: string;
}

export const useLanguageAnalytics = (range: Range) => useRouteQuery(languageAnalyticsRoute, { query: range }, { placeholderData: keepPrevious });

export const useHistory = (range: Range, granularity: 'day' | 'month', language: LearningLanguage | '') =>
  useRouteQuery(historicalAnalyticsRoute, { query: { ...range, granularity, ...(language ? { language } : {}) } }, { placeholderData: keepPrevious });

export const useUserAnalytics = (language: LearningLanguage | '', sort: string) =>
  useRouteQuery(
    userAnalyticsRoute,
    { query: { ...(language ? { language } : {}), sort: sort as 'lastActivity', limit: 500, offset: 0 } },
    { placeholderData: keepPrevious },
  );
