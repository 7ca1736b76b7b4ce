import { useRouteQuery, keepPrevious } from '@verba/kit/query';
import { historicalAnalyticsRoute, languageAnalyticsRoute, monthlyStatisticsRoute, userAnalyticsRoute } from '@verba/contracts/http';
import type { LearningLanguage, USER_ANALYTICS_SORTS } from '@verba/contracts';

export interface Range {
  from: string;
  to: string;
}

/** `language` empty: every learning language. */
const languageQuery = (language: LearningLanguage | '') => (language ? { language } : {});

export const useLanguageAnalytics = (range: Range, language: LearningLanguage | '') =>
  useRouteQuery(languageAnalyticsRoute, { query: { ...range, ...languageQuery(language) } }, { placeholderData: keepPrevious });

export const useHistory = (range: Range, granularity: 'day' | 'month', language: LearningLanguage | '') =>
  useRouteQuery(
    historicalAnalyticsRoute,
    { query: { ...range, granularity, ...languageQuery(language) } },
    { placeholderData: keepPrevious },
  );

export const useUserAnalytics = (range: Range, language: LearningLanguage | '', sort: (typeof USER_ANALYTICS_SORTS)[number]) =>
  useRouteQuery(
    userAnalyticsRoute,
    { query: { ...range, ...languageQuery(language), sort, limit: 500, offset: 0 } },
    { placeholderData: keepPrevious },
  );

/** The twelve months up to `month` (YYYY-MM). */
export const useMonthlyStatistics = (month: string) =>
  useRouteQuery(monthlyStatisticsRoute, { query: { month } }, { placeholderData: keepPrevious });
