import { useState } from 'react';
import { EmptyState, Pager, QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { ADMIN_PAGE_SIZE } from '@verba/contracts/http';
import { ReviewQueue } from './ReviewQueue';
import { usePendingArticles } from '../api/library';

/**
 * /app/admin/library/approve-articles: public articles waiting for approval and private ones their
 * authors flagged; approve or decline each (the author sees the reason), or several at once.
 */
export function ApproveArticlesPage() {
  const [page, setPage] = useState(1);
  const pending = usePendingArticles(page);
  const items = (pending.data?.articles ?? []).map((a) => ({
    id: a.id,
    name: a.name,
    meta: `${a.authorDisplayName} · ${a.category} · ${a.generalDifficulty} · ${a.totalWords} words · ${a.isPrivate ? 'private, flagged by its author' : 'public, waiting for approval'}`,
    excerpt: a.content.slice(0, 400),
  }));
  return (
    <main>
      <SectionHeader section="admin" title="Approve articles" subtitle="Public articles waiting for approval and flagged private ones." />
      {pending.isPending ? <Spinner label="Loading articles…" /> : null}
      <QueryErrorNotice query={pending} title="The articles could not be loaded." />
      {pending.data?.articles.length === 0 ? <EmptyState title="Nothing to approve">No article is waiting for approval.</EmptyState> : null}
      {items.length ? <ReviewQueue items={items} actions={['approve', 'decline']} label="Articles waiting for approval" /> : null}
      {pending.data ? <Pager page={page} total={pending.data.total} pageSize={ADMIN_PAGE_SIZE} onPage={setPage} /> : null}
    </main>
  );
}
