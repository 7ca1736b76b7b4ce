import { Button, Link, toast } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { FORUM_REPORT_REASON_LABELS, LANGUAGE_NAMES } from '@verba/contracts/domain';
import { type ForumReport } from '@verba/contracts/http';
import { useAdminHideForumPost, useAdminLockForumThread } from '../api/forum-reports';

const when = (ms: number) => new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One reported post with every report on it, and the two moderator actions. What learners wrote (the
 * post, its thread's title, the reasons) is shown as text: React escapes it, nothing runs as HTML.
 */
export function ReportedPost({ report }: { report: ForumReport }) {
  const { post, thread } = report;
  const failed = (title: string) => (e: Error) => toast({ title, description: e.message, variant: 'destructive' });
  const hide = useAdminHideForumPost({
    onSuccess: (_, { body }) => toast({ title: body?.hidden ? 'The post is hidden from learners' : 'The post is shown to learners again' }),
    onError: failed('The post was not changed.'),
  });
  const lock = useAdminLockForumThread({
    onSuccess: (_, { body }) => toast({ title: body?.locked ? 'The thread is locked' : 'The thread is open for replies again' }),
    onError: failed('The thread was not changed.'),
  });
  const status = post.deleted ? 'Deleted by its author' : post.hidden ? 'Hidden' : 'Open';
  const title = thread.title || 'A thread by a deleted account';
  return (
    <li className="ad-article" aria-label={`Reported post by ${post.author}`}>
      <h2 className="ad-article__title">
        <Link href={`/app/forum/thread/${thread.id}`}>{title}</Link>
      </h2>
      <p className="ad-article__meta">
        <span className={`ad-badge${report.open ? ' ad-badge--open' : ''}`}>{status}</span> {LANGUAGE_NAMES[thread.language]} forum
        {thread.locked ? ' · thread locked' : ''} · post by {post.author}, {when(post.createdAt)}
      </p>
      <p className="ad-report__text">
        {post.text || (post.deleted ? 'This post was deleted.' : 'Its text was erased with its author’s account.')}
      </p>
      <h3 className="ad-panel__subtitle">
        {report.reports.length} {report.reports.length === 1 ? 'report' : 'reports'}
      </h3>
      <ul className="ad-report__reports">
        {report.reports.map((r, i) => (
          <li key={i}>
            <strong>{FORUM_REPORT_REASON_LABELS[r.reason]}</strong>
            {r.details ? <>: “{r.details}”</> : null}{' '}
            <span className="ad-muted">
              ({r.reporter}, {when(r.at)})
            </span>
          </li>
        ))}
      </ul>
      <div className="ad-actions">
        {post.deleted ? null : (
          <AlertDialog
            trigger={
              <Button size="sm" variant={post.hidden ? 'secondary' : 'danger'} disabled={hide.isPending}>
                {post.hidden ? 'Show post' : 'Hide post'}
              </Button>
            }
            title={post.hidden ? 'Show this post again?' : 'Hide this post?'}
            description={
              post.hidden
                ? `Learners will see the post by ${post.author} in “${title}” again.`
                : `Learners will see “This post was hidden by a moderator.” in its place in “${title}”. You can show it again later.`
            }
            confirmLabel={post.hidden ? 'Show post' : 'Hide post'}
            destructive={!post.hidden}
            onConfirm={() => hide.mutate({ params: { postId: post.id }, body: { hidden: !post.hidden } })}
          />
        )}
        <AlertDialog
          trigger={
            <Button size="sm" variant="secondary" disabled={lock.isPending}>
              {thread.locked ? 'Unlock thread' : 'Lock thread'}
            </Button>
          }
          title={thread.locked ? `Unlock “${title}”?` : `Lock “${title}”?`}
          description={
            thread.locked
              ? 'Learners can reply to the thread again.'
              : 'Nobody can reply to the thread while it is locked. Its posts stay readable.'
          }
          confirmLabel={thread.locked ? 'Unlock thread' : 'Lock thread'}
          destructive={!thread.locked}
          onConfirm={() => lock.mutate({ params: { threadId: thread.id }, body: { locked: !thread.locked } })}
        />
      </div>
    </li>
  );
}
