import { useState } from 'react';
import { Link, navigate, Spinner } from '@verba/kit';
import type { ThreadSummary } from '@verba/contracts';
import { LoadMore } from '../lists/LoadMore';
import { Composer } from './Composer';
import { fetchThreads, LANGUAGE_NAMES, useStartThread, useThreads, type Language } from './forum-api';

/** Appends a page, leaving out what is shown already (a thread active meanwhile may come round again). */
const appendNew = (shown: ThreadSummary[], page: ThreadSummary[]) => [...shown, ...page.filter((t) => !shown.some((s) => s.id === t.id))];

/**
 * /app/forum/<language>: the category's threads, most recently active first, more as you scroll; and a new thread.
 * The first page is read with useRouteQuery; each "Load more" page after the server's cursor with fetchRoute.
 */
export function ThreadList({ language }: { language: Language }) {
  const first = useThreads(language);
  const startThread = useStartThread();
  /** Pages loaded with "Load more" (ForumPage gives each language a ThreadList of its own). */
  const [more, setMore] = useState<{ threads: ThreadSummary[]; nextCursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const threads = first.data ? (more ? appendNew(first.data.threads, more.threads) : first.data.threads) : undefined;
  const nextCursor = more ? more.nextCursor : (first.data?.nextCursor ?? null);
  const load = (cursor: string) => {
    setLoadingMore(true);
    setMoreError(null);
    fetchThreads(language, cursor)
      .then(
        (page) =>
          setMore((before) => ({ threads: before ? appendNew(before.threads, page.threads) : page.threads, nextCursor: page.nextCursor })),
        (e: Error) => setMoreError(e.message),
      )
      .finally(() => setLoadingMore(false));
  };
  const error = first.error?.message ?? moreError;
  const loading = first.isPending || loadingMore;
  return (
    <>
      <p>
        <Link href="/app/forum">← Forum</Link>
      </p>
      <h1>{LANGUAGE_NAMES[language]}</h1>
      {error ? (
        <p className="fm-error" role="alert">
          {error}
        </p>
      ) : null}
      {loading ? <Spinner label="Loading threads…" /> : null}
      {threads ? (
        threads.length ? (
          <ul className="fm-list">
            {threads.map((t) => (
              <li key={t.id}>
                <Link href={`/app/forum/thread/${t.id}`}>{t.title || 'A discussion started by a deleted account'}</Link>{' '}
                <span className="fm-post__meta">
                  {t.author} · {t.replies} {t.replies === 1 ? 'reply' : 'replies'}
                  {t.locked ? ' · locked' : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>No threads yet. Start the first one.</p>
        )
      ) : null}
      {threads && nextCursor ? <LoadMore label="Load more threads" busy={loading} auto={!error} onMore={() => load(nextCursor)} /> : null}
      <section aria-labelledby="fm-new">
        <h2 id="fm-new">New thread</h2>
        <Composer
          withTitle
          submitLabel="Start the thread"
          onSubmit={async ({ title, body }) => {
            const { threadId } = await startThread({ language, title, body });
            navigate(`/app/forum/thread/${threadId}`);
          }}
        />
      </section>
    </>
  );
}
