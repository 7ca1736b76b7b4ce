import { EmptyState, Link, SectionHeader, isAdmin, pageChunks, Spinner, usePathname, useSession } from '@verba/kit';
import './admin.css';

const APPROVE = '/app/admin/library/approve-articles';
const usePages = pageChunks(() => import('./features/library/ApproveArticlesPage'));
const ANALYTICS = '/app/admin/analytics';
const useAnalytics = pageChunks(() => import('./features/analytics/components/AnalyticsPages'));

export function AdminApp() {
  const { user } = useSession();
  const pathname = usePathname().replace(/\/+$/, '');
  const pages = usePages();
  const analytics = useAnalytics();
  // The shell already redirects non-admins; this only guards against a misconfigured host.
  if (!isAdmin(user)) return <EmptyState title="Administrators only" />;
  if (pathname === APPROVE) return pages ? <pages.ApproveArticlesPage /> : <Spinner label="Loading…" />;
  if (pathname === ANALYTICS || pathname.startsWith(`${ANALYTICS}/`)) return analytics ? <analytics.AnalyticsPages pathname={pathname} /> : <Spinner label="Loading…" />;
  return (
    <main>
      <SectionHeader section="admin" title="Administration" subtitle="Users, content and settings." />
      <ul className="ad-tools">
        <li>
          <Link href={APPROVE}>Approve articles</Link> — public articles waiting for approval and flagged private ones.
        </li>
        <li>
          <Link href={ANALYTICS}>Analytics</Link> — language, user and historical analytics.
        </li>
      </ul>
      <EmptyState title="More admin tools are coming">
        <p>Courses, users, announcements, prompts and analytics have their API; their pages come next.</p>
      </EmptyState>
    </main>
  );
}
