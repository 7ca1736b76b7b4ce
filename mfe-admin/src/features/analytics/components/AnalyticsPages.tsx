import { Link } from '@verba/kit';
import { AnalyticsOverview } from './AnalyticsOverview';
import { HistoricalAnalyticsPage } from './HistoricalAnalyticsPage';
import { LanguageAnalyticsPage } from './LanguageAnalyticsPage';
import { MonthlyStatisticsPage } from './MonthlyStatisticsPage';
import { UserAnalyticsPage } from './UserAnalyticsPage';
import '../analytics.css';

export const ANALYTICS_PATH = '/app/admin/analytics';
const PAGES = [
  { path: `${ANALYTICS_PATH}/language-analytics`, title: 'Language analytics', Page: LanguageAnalyticsPage },
  { path: `${ANALYTICS_PATH}/user-analytics`, title: 'User analytics', Page: UserAnalyticsPage },
  { path: `${ANALYTICS_PATH}/historical-analytics`, title: 'Historical analytics', Page: HistoricalAnalyticsPage },
  { path: `${ANALYTICS_PATH}/monthly-statistics`, title: 'Monthly statistics', Page: MonthlyStatisticsPage },
] as const;

/** /app/admin/analytics, its three pages (spec §2) and the monthly statistics (spec §6). */
export function AnalyticsPages({ pathname }: { pathname: string }) {
  const found = PAGES.find((p) => p.path === pathname);
  return (
    <>
      <nav className="an-nav" aria-label="Analytics">
        {PAGES.map((p) => (
          <Link key={p.path} href={p.path} aria-current={p.path === pathname ? 'page' : undefined}>
            {p.title}
          </Link>
        ))}
      </nav>
      {found ? <found.Page /> : <AnalyticsOverview />}
    </>
  );
}
