import { useState } from 'react';
import { Button, toast } from '@verba/kit';
import type { ForumPost } from '@verba/contracts';
import { Composer } from './Composer';
import { usePostCommands } from './forum-api';
import { ReportDialog } from './ReportDialog';

const when = (ms: number) => new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One post. Its HTML was rendered from Markdown and sanitized by the server (formatting tags only), which
 * is why it may be set as HTML; everything else is text. Its writes are commands: the thread's reads go
 * again at their position by themselves, so `onChanged` only tells a caller that wants to know.
 */
export function PostItem({ post, onQuote, onChanged }: { post: ForumPost; onQuote: (post: ForumPost) => void; onChanged?: () => void }) {
  const [editing, setEditing] = useState(false);
  const { edit, remove, upvote } = usePostCommands(post.id);
  const act = (what: () => Promise<unknown>, done: string) => async () => {
    try {
      await what();
      toast({ title: done });
      onChanged?.();
    } catch (e) {
      toast({ title: (e as Error).message, variant: 'destructive' });
    }
  };
  const placeholder = post.deleted ? 'This post was deleted.' : post.hidden && !post.html ? 'This post was hidden by a moderator.' : null;
  return (
    <li className="fm-post" aria-label={`Post by ${post.author}`}>
      <p className="fm-post__meta">
        <strong>{post.author}</strong> · {when(post.createdAt)}
        {post.editedAt ? ' · edited' : ''}
        {post.hidden && post.html ? ' · hidden from learners' : ''}
      </p>
      {post.quote ? (
        <blockquote className="fm-quote">
          <p className="fm-post__meta">{post.quote.author} wrote:</p>
          <div className="fm-prose" dangerouslySetInnerHTML={{ __html: post.quote.html }} />
        </blockquote>
      ) : null}
      {placeholder ? <p className="fm-placeholder">{placeholder}</p> : null}
      {editing ? (
        <Composer
          initialBody={post.markdown ?? ''}
          submitLabel="Save"
          onCancel={() => setEditing(false)}
          onSubmit={async ({ body }) => {
            await edit(body);
            setEditing(false);
            onChanged?.();
          }}
        />
      ) : !placeholder ? (
        <div className="fm-prose" dangerouslySetInnerHTML={{ __html: post.html }} />
      ) : null}
      {!post.deleted && !post.hidden ? (
        <div className="fm-actions">
          {/* Nobody upvotes their own post (the server refuses it): its count is shown, not offered; an own upvote from before that rule can still be taken back. */}
          {post.mine && !post.upvotedByMe ? (
            <span className="fm-upvotes">
              ▲ {post.upvotes} <span className="fm-sr">upvotes</span>
            </span>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={post.upvotedByMe}
              onClick={act(() => upvote(!post.upvotedByMe), post.upvotedByMe ? 'Upvote taken back' : 'Upvoted')}
            >
              ▲ {post.upvotes} <span className="fm-sr">upvotes</span>
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => onQuote(post)}>
            Quote
          </Button>
          {post.editable ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
          {post.mine ? (
            <Button variant="ghost" size="sm" onClick={act(remove, 'Post deleted')}>
              Delete
            </Button>
          ) : (
            <ReportDialog postId={post.id} author={post.author} onReported={onChanged} />
          )}
        </div>
      ) : null}
    </li>
  );
}
