import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Link, Spinner, toast } from '@verba/kit';
import type { ForumPost } from '@verba/contracts';
import { LoadMore } from '../lists/LoadMore';
import { Composer } from './Composer';
import { fetchThread, follow, markRead, replyTo, type ThreadView } from './forum-api';
import { PostItem } from './PostItem';

/** A thread: its posts, more as you scroll (server cursors), a reply form (with the quoted post), following, and read marking. */
export function ThreadPage({ threadId }: { threadId: string }) {
  const [view, setView] = useState<ThreadView | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [quote, setQuote] = useState<ForumPost | null>(null);
  const shown = useRef(0);
  useEffect(() => {
    shown.current = view?.posts.length ?? 0;
  }, [view]);

  // Reads the thread again from its start, as far as it was shown and one post beyond (a reply just
  // posted at the end stays in view).
  const load = useCallback(() => {
    void (async () => {
      const first = await fetchThread(threadId);
      let { posts, nextCursor } = first;
      while (nextCursor && posts.length <= shown.current) {
        const more = await fetchThread(threadId, nextCursor);
        posts = [...posts, ...more.posts];
        nextCursor = more.nextCursor;
      }
      setView({ ...first, posts, nextCursor });
      // Seen now: what was unread is read (the server appends nothing when nothing was new).
      if (first.thread.unread > 0) void markRead(threadId).catch(() => undefined);
    })().catch((e: Error) => setError(e.message));
  }, [threadId]);
  useEffect(load, [load]);

  const loadMore = (cursor: string) => {
    setLoadingMore(true);
    fetchThread(threadId, cursor)
      .then(
        (more) => {
          setMoreFailed(false);
          setView(
            (v) =>
              v && {
                ...v,
                posts: [...v.posts, ...more.posts.filter((p) => !v.posts.some((s) => s.id === p.id))],
                nextCursor: more.nextCursor,
              },
          );
        },
        (e: Error) => {
          setMoreFailed(true);
          toast({ title: e.message, variant: 'destructive' });
        },
      )
      .finally(() => setLoadingMore(false));
  };

  if (error)
    return (
      <p className="fm-error" role="alert">
        {error}
      </p>
    );
  if (!view) return <Spinner label="Loading the thread…" />;
  const { thread } = view;
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
      {view.nextCursor ? (
        <LoadMore label="Load more replies" busy={loadingMore} auto={!moreFailed} onMore={() => loadMore(view.nextCursor!)} />
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
