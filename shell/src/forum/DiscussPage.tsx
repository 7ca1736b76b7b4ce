import { useEffect, useState } from 'react';
import { navigate, Spinner } from '@verba/kit';
import { Composer } from './Composer';
import { fetchDiscussion, isLanguage, startThread } from './forum-api';

/**
 * /app/forum/discuss/<article|chapter>/<id>?language=&title=: the "Discuss" link of the reader and the
 * chapter. The target's one thread opens when it has started; otherwise the first learner starts it here.
 */
export function DiscussPage({ kind, targetId }: { kind: 'article' | 'chapter'; targetId: string }) {
  const params = new URLSearchParams(window.location.search);
  const language = params.get('language') ?? '';
  const title = params.get('title') ?? '';
  const [state, setState] = useState<'loading' | 'new' | string>('loading');
  useEffect(() => {
    fetchDiscussion(kind, targetId).then(
      (d) => (d.started ? navigate(`/app/forum/thread/${d.threadId}`, { replace: true }) : setState('new')),
      (e: Error) => setState(e.message),
    );
  }, [kind, targetId]);
  if (state === 'loading') return <Spinner label="Opening the discussion…" />;
  if (state !== 'new' || !isLanguage(language)) return <p className="fm-error" role="alert">{state === 'new' ? 'This discussion link is incomplete.' : state}</p>;
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
