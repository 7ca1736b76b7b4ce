import { useState } from 'react';
import { EmptyState, Pager, QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { FORUM_PAGE_SIZE } from '@verba/contracts/domain';
import { useForumReports } from '../api/forum-reports';
import { ReportedPost } from './ReportedPost';
import '../forum.css';

/** /app/admin/forum-reports: reported forum posts, open ones first, paged on the server. */
export function ForumReportsPage() {
  const [page, setPage] = useState(1);
  const reports = useForumReports(page);
  return (
    <main>
      <SectionHeader section="admin" title="Forum reports" subtitle="Posts learners reported: hide a post or lock its thread." />
      {reports.isPending ? <Spinner label="Loading reports…" /> : null}
      <QueryErrorNotice query={reports} title="The reports could not be loaded." />
      {reports.data ? (
        <p className="ad-muted" aria-live="polite">
          {reports.data.open} open of {reports.data.total} reported {reports.data.total === 1 ? 'post' : 'posts'}
        </p>
      ) : null}
      {reports.data?.total === 0 ? <EmptyState title="Nothing reported">No forum post has been reported.</EmptyState> : null}
      <ul className="ad-articles">
        {reports.data?.reports.map((report) => (
          <ReportedPost key={report.post.id} report={report} />
        ))}
      </ul>
      {reports.data ? <Pager page={page} total={reports.data.total} pageSize={FORUM_PAGE_SIZE} onPage={setPage} /> : null}
    </main>
  );
}
