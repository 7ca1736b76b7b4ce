import { useCallback, useEffect, useState } from 'react';
import { Link, navigate, Spinner } from '@verba/kit';
import type { ThreadSummary } from '@verba/contracts';
import { LoadMore } from '../lists/LoadMore';
import { Composer } from './Composer';
import { fetchThreads, LANGUAGE_NAMES, startThread, type Language } from './forum-api';

/** Appends a page, leaving out what is shown already (a thread active meanwhile may come round again). */
const appendNew = (shown: ThreadSummary[], page: ThreadSummary[]) => [...shown, ...page.filter((t) => !shown.some((s) => s.id === t.id))];

/** /app/forum/<language>: the category's threads, most recently active first, more as you scroll; and a new thread. */
export function ThreadList({ language }: { language: Language }) {
  const [data, setData] = useState<{ threads: ThreadSummary[]; nextCursor: string | null } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  /** Fetches a page into the list; its state is set only once the answer is in. */
  const request = useCallback(
    (cursor?: string) => {
      fetchThreads(language, cursor)
        .then(
          (page) =>
            setData((before) => ({
              threads: cursor && before ? appendNew(before.threads, page.threads) : page.threads,
              nextCursor: page.nextCursor,
            })),
          (e: Error) => setError(e.message),
        )
        .finally(() => setLoading(false));
    },
    [language],
  );
  const load = (cursor: string) => {
    setLoading(true);
    setError(null);
    request(cursor);
  };
  // The first page (loading is already on); ForumPage gives each language a ThreadList of its own.
  useEffect(() => request(), [request]);
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
      {data ? (
        data.threads.length ? (
          <ul className="fm-list">
            {data.threads.map((t) => (
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
      {data?.nextCursor ? <LoadMore label="Load more threads" busy={loading} auto={!error} onMore={() => load(data.nextCursor!)} /> : null}
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
