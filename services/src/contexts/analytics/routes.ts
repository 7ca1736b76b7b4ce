import {
  adminAnalyticsRoutes as r,
  analyticsRangeProblem,
  dashboardFigures as progressRoute,
  flashcardsAnalytics,
  isAdminRole,
  textReading,
  vocabularyRoutes,
} from '@verba/contracts';
import { HttpError } from '../../platform/http/problem';
import { registerRoute, type RouteHost } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { TimeZones } from '../../platform/module';
import type { Projection } from '../../platform/projections/projection';
import { FAMILIES_READ_MODEL } from '../vocabulary/published';
import type { AnalyticsQueries } from './queries';

const DAY_MS = 86_400_000;
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * [from, to] in UTC days: `to` defaults to today, `from` to 29 days before `to`. Admin analytics are
 * site-wide per-day rollups and stay in UTC days; a learner's own figures (below) count their own days.
 */
export function rangeOf(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? dayString(now.getTime());
  const from = query.from ?? dayString(Date.parse(to) - 29 * DAY_MS);
  const problem = analyticsRangeProblem(from, to);
  if (problem) throw new HttpError(400, problem);
  return { from, to };
}

/** Admin analytics (spec §7 admin/analytics): read-only, from the analytics read model. */
export function analyticsRoutes(app: App, host: RouteHost, queries: AnalyticsQueries, now: () => Date): void {
  registerRoute(app, host, r.languageAnalytics, async ({ query }) => {
    const range = rangeOf(query, now());
    return { ...range, languages: await queries.languages(range.from, range.to, query.language ? [query.language] : undefined) };
  });

  registerRoute(app, host, r.userAnalytics, async ({ query }) => {
    // Without dates: the whole history (the admin user page's activity); with either, a range as elsewhere.
    const { from, to, ...rest } = query;
    return queries.users(from || to ? { ...rest, range: rangeOf({ from, to }, now()) } : rest);
  });

  // The inactive buckets are counted at today at the latest (the app's clock), never at a day still to come.
  registerRoute(app, host, r.historicalAnalytics, async ({ query }) => {
    const asOf = dayString(now().getTime());
    const range = rangeOf(query, now());
    return {
      ...range,
      rows: await queries.history({
        ...range,
        granularity: query.granularity,
        asOf,
        ...(query.language ? { language: query.language } : {}),
      }),
    };
  });

  registerRoute(app, host, r.monthlyStatistics, async ({ query }) => {
    const asOf = dayString(now().getTime());
    const month = query.month ?? asOf.slice(0, 7);
    const end = new Date(`${month}-01T00:00:00Z`);
    const from = dayString(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 11, 1));
    const to = dayString(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0));
    return { rows: await queries.history({ from, to, granularity: 'month', asOf }) };
  });
}

/**
 * The learner's own figures (dashboard, dictionary and flashcards analytics): the caller's rows; another's
 * dictionary only for admins. These routes of other contexts' groups answer here, so each context reads only its own tables.
 * Days, "today" and streaks are the learner's own, in their time zone.
 */
export function learnerAnalyticsRoutes(
  app: App,
  host: RouteHost,
  queries: AnalyticsQueries,
  now: () => Date,
  analytics: Projection,
  timeZones: TimeZones,
): void {
  registerRoute(
    app,
    host,
    progressRoute,
    async ({ user, query }) => {
      const [zone, goal] = await Promise.all([timeZones.timeZoneOf(user.id), timeZones.dailyGoalOf?.(user.id) ?? null]);
      return queries.progress(user.id, query.languageCode, now(), zone, goal);
    },
    { reads: [analytics, FAMILIES_READ_MODEL] },
  );

  // The caller's own page times only: any text id answers (zeros for one never read), so nothing of another's shows.
  registerRoute(app, host, textReading, async ({ user, query }) => queries.reading(user.id, query.articleId), { reads: [analytics] });

  registerRoute(
    app,
    host,
    vocabularyRoutes.dictionaryAnalytics,
    async ({ user, query }) => {
      const target = query.userId ?? user.id;
      if (target !== user.id) {
        const role = await host.auth.currentRole(user.id);
        // Another learner's dictionary is private: only admins may look, for support and analytics.
        if (!role || !isAdminRole(role)) throw new HttpError(403, "You can only see your own dictionary's analytics.");
      }
      return { languageCode: query.languageCode, ...(await queries.dictionary(target, query.languageCode)) };
    },
    // Families follow the learner's own choices and admins' corrections (vocabulary's read model).
    { reads: [analytics, FAMILIES_READ_MODEL] },
  );

  registerRoute(
    app,
    host,
    flashcardsAnalytics,
    async ({ user, query }) => queries.flashcards(user.id, query.languageCode, now(), await timeZones.timeZoneOf(user.id)),
    { reads: [analytics] },
  );
}
