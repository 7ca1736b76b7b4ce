import { ANALYTICS_MESSAGES, adminAnalyticsRoutes as r } from '@verba/contracts';
import { HttpError } from '../../platform/http/problem';
import { registerRoute, type Authenticator } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { AnalyticsQueries } from './queries';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 3 * 366;
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** [from, to] in UTC days: `to` defaults to today, `from` to 29 days before `to`. */
export function rangeOf(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? dayString(now.getTime());
  const from = query.from ?? dayString(Date.parse(to) - 29 * DAY_MS);
  if (from > to) throw new HttpError(400, ANALYTICS_MESSAGES.badRange);
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > MAX_RANGE_DAYS) throw new HttpError(400, ANALYTICS_MESSAGES.rangeTooLong);
  return { from, to };
}

/** Admin analytics (spec §7 admin/analytics): read-only, from the analytics read model. */
export function analyticsRoutes(app: App, auth: Authenticator, queries: AnalyticsQueries, now: () => Date): void {
  registerRoute(app, auth, r.languageAnalytics, async ({ query }) => {
    const range = rangeOf(query, now());
    return { ...range, languages: await queries.languages(range.from, range.to) };
  });

  registerRoute(app, auth, r.userAnalytics, async ({ query }) => queries.users(query));

  registerRoute(app, auth, r.historicalAnalytics, async ({ query }) => {
    const range = rangeOf(query, now());
    return { ...range, rows: await queries.history({ ...range, granularity: query.granularity, ...(query.language ? { language: query.language } : {}) }) };
  });

  registerRoute(app, auth, r.monthlyStatistics, async ({ query }) => {
    const month = query.month ?? dayString(now().getTime()).slice(0, 7);
    const end = new Date(`${month}-01T00:00:00Z`);
    const from = dayString(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 11, 1));
    const to = dayString(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0));
    return { rows: await queries.history({ from, to, granularity: 'month' }) };
  });
}
