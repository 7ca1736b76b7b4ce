import { useState } from 'react';
import { Button, EmptyState, Link, Pager, QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { AUDIENCE_LABELS } from '@verba/contracts/domain';
import { ADMIN_PAGE_SIZE, type Announcement } from '@verba/contracts/http';
import { ADMIN_PATHS, withQuery } from '../../../routing/admin-paths';
import { useAnnouncements, useDeleteAnnouncement } from '../api/announcements';
import { STATUS_LABELS, statusOf, titleOf } from '../status';
import '../announcements.css';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const DISMISSAL = { persistent: 'Dismissed for good', temporary: 'Dismissed for 2 days', session: 'Dismissed for the session' } as const;

/** /app/admin/announcements: every banner with who sees it, its schedule and whether it is scheduled, active or ended. */
export function AnnouncementsPage() {
  const [page, setPage] = useState(1);
  const list = useAnnouncements(page);
  return (
    <main>
      <SectionHeader section="admin" title="Announcements" subtitle="Banners above learners' pages, for a group, in a time window." />
      <p>
        <Link className="vk-btn vk-btn--primary" href={ADMIN_PATHS.createAnnouncement}>
          New announcement
        </Link>
      </p>
      <section className="ad-panel" aria-label="Announcements">
        {list.isPending ? <Spinner label="Loading announcements…" /> : null}
        <QueryErrorNotice query={list} title="The announcements could not be loaded." />
        {list.data?.announcements.length === 0 ? <EmptyState title="No announcements yet">Create the first one.</EmptyState> : null}
        <ul className="an-list">
          {list.data?.announcements.map((a) => (
            <AnnouncementRow key={a.id} announcement={a} />
          ))}
        </ul>
        {list.data ? <Pager page={page} total={list.data.total} pageSize={ADMIN_PAGE_SIZE} onPage={setPage} /> : null}
      </section>
    </main>
  );
}

function AnnouncementRow({ announcement: a }: { announcement: Announcement }) {
  const remove = useDeleteAnnouncement();
  const status = statusOf(a);
  const title = titleOf(a);
  return (
    <li className="an-row">
      <div className="ad-row__main">
        <span className="ad-row__title">{title}</span>
        <span className={`ad-badge an-status an-status--${status}`}>{STATUS_LABELS[status]}</span>
      </div>
      <p className="ad-muted">
        {AUDIENCE_LABELS[a.visibleTo]} · {DISMISSAL[a.dismissBehavior]} ·{' '}
        {a.startsAt ? `from ${when.format(a.startsAt)}` : 'from publication'}
        {a.endsAt ? ` until ${when.format(a.endsAt)}` : ', no end'}
      </p>
      <div className="ad-actions">
        <Link
          className="vk-btn vk-btn--secondary vk-btn--sm"
          href={withQuery(ADMIN_PATHS.editAnnouncement, { id: a.id })}
          aria-label={`Edit “${title}”`}
        >
          Edit
        </Link>
        <AlertDialog
          trigger={
            <Button size="sm" variant="danger" aria-label={`Delete “${title}”`}>
              Delete
            </Button>
          }
          title={`Delete “${title}”?`}
          description="Nobody sees it any more. Its history stays in the log."
          confirmLabel="Delete announcement"
          destructive
          onConfirm={() => remove.mutate({ params: { id: a.id } })}
        />
      </div>
    </li>
  );
}
