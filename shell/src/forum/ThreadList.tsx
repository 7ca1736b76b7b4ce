import { useCallback, useEffect, useState } from 'react';
import { Button, Link, navigate, Spinner } from '@verba/kit';
import type { ThreadSummary } from '@verba/contracts';
import { Composer } from './Composer';
import { fetchThreads, LANGUAGE_NAMES, startThread, type Language } from './forum-api';

/** /app/forum/<language>: the category's threads, most recently active first, paged; and a new thread. */
export function ThreadList({ language }: { language: Language }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ threads: ThreadSummary[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    fetchThreads(language, page).then(setData, (e: Error) => setError(e.message));
  }, [language, page]);
  useEffect(load, [load]);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / 20));
  return (
    <>
      <p>
        <Link href="/app/forum">← Forum</Link>
      </p>
      <h1>{LANGUAGE_NAMES[language]}</h1>
      {error ? <p className="fm-error" role="alert">{error}</p> : null}
      {!data && !error ? <Spinner label="Loading threads…" /> : null}
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
      {pages > 1 ? (
        <nav className="fm-actions" aria-label="Pages of threads">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous page
          </Button>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </nav>
      ) : null}
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
