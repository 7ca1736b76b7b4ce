import { useEffect, useState } from 'react';
import { navigate, Spinner } from '@verba/kit';
import { Composer } from './Composer';
import { fetchDiscussion, startThread, type Language } from './forum-api';

type State = { loading: true } | { error: string } | { language: Language };

/**
 * /app/forum/discuss/<article|chapter>/<id>?title=: the "Discuss" link of the reader and the chapter. The
 * target's one thread opens when it has started; otherwise the first learner starts it here, in the
 * language the server says the target is in.
 */
export function DiscussPage({ kind, targetId }: { kind: 'article' | 'chapter'; targetId: string }) {
  const title = new URLSearchParams(window.location.search).get('title') ?? '';
  const [state, setState] = useState<State>({ loading: true });
  useEffect(() => {
    fetchDiscussion(kind, targetId).then(
      (d) => (d.started ? navigate(`/app/forum/thread/${d.threadId}`, { replace: true }) : setState({ language: d.language })),
      (e: Error) => setState({ error: e.message }),
    );
  }, [kind, targetId]);
  if ('loading' in state) return <Spinner label="Opening the discussion…" />;
  if ('error' in state)
    return (
      <p className="fm-error" role="alert">
        {state.error}
      </p>
    );
  const { language } = state;
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
