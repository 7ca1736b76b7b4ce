import { z } from 'zod';
import { LEARNING_LANGUAGES, LearningLanguageSchema } from '../domain/languages';
import { defineRoute } from './route';

/** Admin analytics of spec §2, §3, §6 and §7: language, user and historical analytics, monthly statistics. */

export const ANALYTICS_MESSAGES = {
  badRange: 'The start date must be on or before the end date',
  rangeTooLong: 'Choose a range of at most 3 years',
  badDay: 'Dates are written YYYY-MM-DD',
  badLanguage: 'Choose one of the learning languages: de, fr, es or ru',
} as const;

/** The longest range the analytics pages ask for, in days between its first and last day. */
export const MAX_ANALYTICS_RANGE_DAYS = 3 * 366;

/**
 * Why [from, to] (YYYY-MM-DD, both included) is not a range the analytics answer, or null when it is:
 * the server refuses it with this message and the pages say it before asking.
 */
export function analyticsRangeProblem(from: string, to: string): string | null {
  if (from > to) return ANALYTICS_MESSAGES.badRange;
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_ANALYTICS_RANGE_DAYS) return ANALYTICS_MESSAGES.rangeTooLong;
  return null;
}

const Day = z.iso.date({ message: ANALYTICS_MESSAGES.badDay });
/** A learning language, with a message that names the choices. */
const Language = z.enum(LEARNING_LANGUAGES, { message: ANALYTICS_MESSAGES.badLanguage });

/** From and to are UTC days, both included; `to` defaults to today and `from` to 29 days before it. */
export const AnalyticsRangeSchema = z.object({ from: Day.optional(), to: Day.optional() });

export const LanguageAnalyticsSchema = z.object({
  language: LearningLanguageSchema,
  /** Users who had joined the language by the end of the range (chosen it or done anything in it). */
  totalUsers: z.number().int(),
  /** Of those, the ones paying for Master now (a subscription); an admin's manual grant of Master does not count. */
  totalPremiumUsers: z.number().int(),
  /** Users who did anything in the language in the range. */
  totalActiveUsers: z.number().int(),
  /** Users who joined the language in the range. */
  totalNewUsers: z.number().int(),
  totalReads: z.number().int(),
  totalChapters: z.number().int(),
  /** Seconds. */
  timeSpent: z.number().int(),
  /** Distinct articles read in the range. */
  totalArticles: z.number().int(),
  /** Distinct chapters completed in the range. */
  chapters: z.number().int(),
  /** Per active user in the range. */
  averages: z.object({ reads: z.number(), chapters: z.number(), timeSpent: z.number() }),
});
export type LanguageAnalytics = z.infer<typeof LanguageAnalyticsSchema>;

export const UserAnalyticsSchema = z.object({
  userId: z.uuid(),
  language: LearningLanguageSchema,
  wordsKnown: z.number().int(),
  wordsUncertain: z.number().int(),
  reads: z.number().int(),
  chapters: z.number().int(),
  /** Flashcards held now (made and not deleted). */
  cards: z.number().int(),
  reviews: z.number().int(),
  /** Seconds. */
  timeSpent: z.number().int(),
  lastActivity: z.iso.date().nullable(),
});
export type UserAnalytics = z.infer<typeof UserAnalyticsSchema>;

export const USER_ANALYTICS_SORTS = ['lastActivity', 'timeSpent', 'reads', 'wordsKnown', 'reviews'] as const;

export const HistoricalRowSchema = z.object({
  /** First day of the period (a day, or the first of a month). */
  period: z.iso.date(),
  activeUsers: z.number().int(),
  newUsers: z.number().int(),
  /** Active in the period after 14 or more days without activity in the language before it. */
  returningUsers: z.number().int(),
  /** Last active 14 to 59 days before the period's last day. */
  midTermInactiveUsers: z.number().int(),
  /** Last active 60 or more days before the period's last day. */
  longTermInactiveUsers: z.number().int(),
  reads: z.number().int(),
  chapters: z.number().int(),
  reviews: z.number().int(),
  /** Seconds. */
  timeSpent: z.number().int(),
});
export type HistoricalRow = z.infer<typeof HistoricalRowSchema>;

export const HistoryGranularitySchema = z.enum(['day', 'month']);

const rangeErrors = { 400: `${ANALYTICS_MESSAGES.badRange}; ${ANALYTICS_MESSAGES.rangeTooLong}` } as const;

export const adminAnalyticsRoutes = {
  languageAnalytics: defineRoute({
    method: 'GET',
    path: '/api/admin/analytics/languages',
    access: 'admin',
    summary: 'Language analytics of every learning language, or one, over a date range',
    query: AnalyticsRangeSchema.extend({ language: Language.optional() }),
    response: z.object({ from: z.iso.date(), to: z.iso.date(), languages: z.array(LanguageAnalyticsSchema) }),
    errors: rangeErrors,
  }),
  userAnalytics: defineRoute({
    method: 'GET',
    path: '/api/admin/analytics/users',
    access: 'admin',
    summary: 'User analytics per user and language (pseudonymous ids), sorted, a page at a time',
    description:
      'With a date range (from, to or both): the users who had joined the language by its end, and their reads, chapters, reviews, time ' +
      'spent and last activity within it; without one, all of their history. Words and cards are as they stand now.',
    query: AnalyticsRangeSchema.extend({
      language: Language.optional(),
      /** One user's rows (the admin user page's activity). */
      userId: z.uuid().optional(),
      sort: z.enum(USER_ANALYTICS_SORTS).default('lastActivity'),
      limit: z.coerce.number().int().min(1).max(1000).default(100),
      offset: z.coerce.number().int().min(0).default(0),
    }),
    response: z.object({ total: z.number().int(), users: z.array(UserAnalyticsSchema) }),
    errors: rangeErrors,
  }),
  historicalAnalytics: defineRoute({
    method: 'GET',
    path: '/api/admin/analytics/history',
    access: 'admin',
    summary: 'Historical analytics per day or month (all languages, or one)',
    description: 'Returning, mid-term-inactive and long-term-inactive are defined in docs/decisions.md (Analytics).',
    query: AnalyticsRangeSchema.extend({ language: Language.optional(), granularity: HistoryGranularitySchema.default('day') }),
    response: z.object({ from: z.iso.date(), to: z.iso.date(), rows: z.array(HistoricalRowSchema) }),
    errors: rangeErrors,
  }),
  monthlyStatistics: defineRoute({
    method: 'GET',
    path: '/api/admin/analytics/monthly-statistics',
    access: 'admin',
    summary: 'Monthly statistics of all languages for the twelve months up to a month',
    query: z.object({
      month: z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Months are written YYYY-MM')
        .optional(),
    }),
    response: z.object({ rows: z.array(HistoricalRowSchema) }),
  }),
} as const;

export const {
  languageAnalytics: languageAnalyticsRoute,
  userAnalytics: userAnalyticsRoute,
  historicalAnalytics: historicalAnalyticsRoute,
  monthlyStatistics: monthlyStatisticsRoute,
} = adminAnalyticsRoutes;
