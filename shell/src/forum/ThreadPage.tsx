import { useEffect, useRef, useState } from 'react';
import { Button, Link, Spinner, toast } from '@verba/kit';
import type { ForumPost } from '@verba/contracts';
import { LoadMore } from '../lists/LoadMore';
import { Composer } from './Composer';
import { useFollow, useMarkRead, useReply, useThreadPage } from './forum-api';
import { PostItem } from './PostItem';

/**
 * A thread: its posts, more as you scroll (server cursors), a reply form (with the quoted post), following, and read marking.
 * Each page of posts is its own read, so after a write (a reply, an edit, an upvote) every page shown reads
 * again at the write's position; a cursor marks where a page starts, so a new post does not shift them.
 */
export function ThreadPage({ threadId }: { threadId: string }) {
  const first = useThreadPage(threadId);
  /** The cursors of the pages after the first, in order ("Load more"). */
  const [cursors, setCursors] = useState<string[]>([]);
  // The same cache entry as the last page's own read: what comes after it.
  const last = useThreadPage(threadId, cursors.at(-1));
  const [quote, setQuote] = useState<ForumPost | null>(null);
  const follow = useFollow(threadId);
  const reply = useReply(threadId);

  // Seen now: what was unread is read (the server appends nothing when nothing was new; the read again
  // at the mark's position says 0).
  const { mutate: markRead } = useMarkRead();
  const unread = first.data?.thread.unread ?? 0;
  const { dataUpdatedAt: readAt, isPlaceholderData: rereading } = first;
  const markedRead = useRef(0); // the read whose unread posts were marked: once each
  useEffect(() => {
    if (unread === 0 || rereading || markedRead.current === readAt) return;
    markedRead.current = readAt;
    markRead({ params: { threadId } }, { onError: () => undefined });
  }, [unread, rereading, readAt, markRead, threadId]);

  const moreError = cursors.length ? last.error : null;
  useEffect(() => {
    if (moreError) toast({ title: moreError.message, variant: 'destructive' });
  }, [moreError]);

  if (first.error)
    return (
      <p className="fm-error" role="alert">
        {first.error.message}
      </p>
    );
  if (!first.data) return <Spinner label="Loading the thread…" />;
  const { thread } = first.data;
  const next = last.data?.nextCursor;
  const more = () => {
    if (moreError) void last.refetch();
    else if (next && !cursors.includes(next)) setCursors([...cursors, next]);
  };
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
          await follow(!thread.subscribed);
          toast({ title: thread.subscribed ? 'You no longer follow this thread' : 'You follow this thread' });
        }}
      >
        {thread.subscribed ? 'Following' : 'Follow this thread'}
      </Button>
      <ol className="fm-posts">
        {first.data.posts.map((p) => (
          <PostItem key={p.id} post={p} onQuote={setQuote} />
        ))}
        {cursors.map((cursor) => (
          <MorePosts key={cursor} threadId={threadId} cursor={cursor} onQuote={setQuote} />
        ))}
      </ol>
      {moreError || next || (cursors.length && last.isPending) ? (
        <LoadMore label="Load more replies" busy={last.isFetching && !moreError} auto={!moreError} onMore={more} />
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
              await reply(body, quote?.id);
              setQuote(null);
            }}
          />
        </section>
      )}
    </article>
  );
}

/** The posts of one page after the first (nothing until it is read; its failure shows at "Load more"). */
function MorePosts({ threadId, cursor, onQuote }: { threadId: string; cursor: string; onQuote: (post: ForumPost) => void }) {
  const page = useThreadPage(threadId, cursor);
  return (
    <>
      {page.data?.posts.map((p) => (
        <PostItem key={p.id} post={p} onQuote={onQuote} />
      ))}
    </>
  );
}
