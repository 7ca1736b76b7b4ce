import { useState } from 'react';
import { Button, EmptyState, ErrorNotice, SectionHeader, Spinner, TextField, atLeast, positions, sendCommand, toast } from '@verba/kit';
import { keepPrevious, useMinPosition, useRouteQuery } from '@verba/kit/query';
import { approveArticle, declineArticle, pendingArticles, type Article } from '@verba/contracts/http';

/**
 * /app/admin/library/approve-articles: public articles waiting for approval and private ones their
 * authors flagged. Everything an author wrote is shown as text (React escapes it), never as HTML.
 */
export function ApproveArticlesPage() {
  // Re-keyed by each review's position, so the list is read again only once it includes the review.
  const pending = useRouteQuery(pendingArticles, { query: atLeast(useMinPosition()) }, { placeholderData: keepPrevious });
  return (
    <main>
      <SectionHeader section="admin" title="Approve articles" subtitle="Public articles waiting for approval and flagged private ones." />
      {pending.isPending ? <Spinner label="Loading articles…" /> : null}
      {pending.isError ? <ErrorNotice title="The articles could not be loaded." detail={pending.error.message} onRetry={() => void pending.refetch()} /> : null}
      {pending.data?.articles.length === 0 ? <EmptyState title="Nothing to approve">No article is waiting for approval.</EmptyState> : null}
      <ul className="ad-articles">
        {pending.data?.articles.map((article) => (
          <PendingArticle key={article.id} article={article} onDone={() => void pending.refetch()} />
        ))}
      </ul>
    </main>
  );
}

function PendingArticle({ article, onDone }: { article: Article; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const act = async (what: 'approve' | 'decline') => {
    setError(undefined);
    try {
      const before = positions.latest();
      if (what === 'approve') await sendCommand(approveArticle, { body: { articleId: article.id } });
      else await sendCommand(declineArticle, { body: { articleId: article.id, reason } });
      toast({ title: what === 'approve' ? `“${article.name}” is public now.` : `“${article.name}” was declined.` });
      if (positions.latest() === before) onDone(); // no new position, so nothing re-keyed the list
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <li className="ad-article" aria-label={article.name}>
      <h2 className="ad-article__title">{article.name}</h2>
      <p className="ad-article__meta">
        {article.authorDisplayName} · {article.category} · {article.generalDifficulty} · {article.totalWords} words ·{' '}
        {article.isPrivate ? 'private, flagged by its author' : 'public, waiting for approval'}
      </p>
      <p className="ad-article__excerpt">{article.content.slice(0, 400)}</p>
      <div className="ad-article__actions">
        <Button onClick={() => void act('approve')}>Approve</Button>
        <TextField label="Reason for declining" value={reason} error={error} onChange={(e) => setReason(e.target.value)} />
        <Button variant="secondary" onClick={() => void act('decline')}>
          Decline
        </Button>
      </div>
    </li>
  );
}
