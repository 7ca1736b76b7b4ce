import { useCallback, useEffect, useState } from 'react';
import { Button, Link, Spinner, toast } from '@verba/kit';
import type { ForumPost } from '@verba/contracts';
import { Composer } from './Composer';
import { fetchThread, follow, markRead, replyTo, type ThreadView } from './forum-api';
import { PostItem } from './PostItem';

/** A thread: its posts a page at a time, a reply form (with the quoted post), following, and read marking. */
export function ThreadPage({ threadId }: { threadId: string }) {
  const [page, setPage] = useState(1);
  const [view, setView] = useState<ThreadView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [quote, setQuote] = useState<ForumPost | null>(null);

  const load = useCallback(() => {
    fetchThread(threadId, page).then(
      (v) => {
        setView(v);
        // Seen now: what was unread is read (the server appends nothing when nothing was new).
        if (v.thread.unread > 0) void markRead(threadId).catch(() => undefined);
      },
      (e: Error) => setError(e.message),
    );
  }, [threadId, page]);
  useEffect(load, [load]);

  if (error) return <p className="fm-error" role="alert">{error}</p>;
  if (!view) return <Spinner label="Loading the thread…" />;
  const { thread } = view;
  const pages = Math.max(1, Math.ceil(view.total / 20));
  return (
    <article className="fm-thread">
      <p>
        <Link href={`/app/forum/${thread.language}`}>← Back to the threads</Link>
      </p>
      <h1>{thread.title || 'A discussion started by a deleted account'}</h1>
      <p className="fm-post__meta">
        Started by {thread.author} · {thread.replies} {thread.replies === 1 ? 'reply' : 'replies'}
        {thread.locked ? ' · locked' : ''}
      </p>
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={thread.subscribed}
        onClick={async () => {
          await follow(threadId, !thread.subscribed);
          toast({ title: thread.subscribed ? 'You no longer follow this thread' : 'You follow this thread' });
          load();
        }}
      >
        {thread.subscribed ? 'Following' : 'Follow this thread'}
      </Button>
      <ol className="fm-posts">
        {view.posts.map((p) => (
          <PostItem key={p.id} post={p} onQuote={setQuote} onChanged={load} />
        ))}
      </ol>
      {pages > 1 ? (
        <nav className="fm-actions" aria-label="Pages of the thread">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous page
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </nav>
      ) : null}
      {thread.locked ? (
        <p className="fm-placeholder">This thread is locked: no new replies.</p>
      ) : (
        <section aria-labelledby="fm-reply">
          <h2 id="fm-reply">Reply</h2>
          {quote ? (
            <p className="fm-post__meta">
              Quoting {quote.author}.{' '}
              <Button variant="ghost" size="sm" onClick={() => setQuote(null)}>
                Remove the quote
              </Button>
            </p>
          ) : null}
          <Composer
            submitLabel="Post reply"
            onSubmit={async ({ body }) => {
              await replyTo(threadId, body, quote?.id);
              setQuote(null);
              load();
            }}
          />
        </section>
      )}
    </article>
  );
}
