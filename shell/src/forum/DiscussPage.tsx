import { useEffect } from 'react';
import { navigate, Spinner } from '@verba/kit';
import { Composer } from './Composer';
import { useDiscussion, useStartThread } from './forum-api';

/**
 * /app/forum/discuss/<article|chapter>/<id>?title=: the "Discuss" link of the reader and the chapter. The
 * target's one thread opens when it has started; otherwise the first learner starts it here, in the
 * language the server says the target is in.
 */
export function DiscussPage({ kind, targetId }: { kind: 'article' | 'chapter'; targetId: string }) {
  const title = new URLSearchParams(window.location.search).get('title') ?? '';
  const discussion = useDiscussion(kind, targetId);
  const startThread = useStartThread();
  const started = discussion.data?.started ? discussion.data.threadId : null;
  useEffect(() => {
    if (started) navigate(`/app/forum/thread/${started}`, { replace: true });
  }, [started]);
  if (discussion.error)
    return (
      <p className="fm-error" role="alert">
        {discussion.error.message}
      </p>
    );
  if (!discussion.data || started) return <Spinner label="Opening the discussion…" />;
  const { language } = discussion.data;
  return (
    <>
      <h1>Discuss: {title || `this ${kind}`}</h1>
      <p className="fm-lead">Nobody has started the discussion of this {kind} yet. Ask a question or share a thought.</p>
      <Composer
        withTitle
        initialTitle={title}
        submitLabel="Start the discussion"
        onSubmit={async (v) => {
          const { threadId } = await startThread({ language, title: v.title, body: v.body, attachedTo: { kind, targetId } });
          navigate(`/app/forum/thread/${threadId}`, { replace: true });
        }}
      />
    </>
  );
}
